/** What a review, an answer and a moderation decision may hold: every message is a translation key. */
import { z } from "zod";

/** A review's text is a few paragraphs at most; an answer a little shorter. */
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_ANSWER_MAX = 1000;
const RATING_MIN = 1;
const RATING_MAX = 5;

const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** An optional multi-line text of at most `max` characters (blank is null), with the reviews' own messages. */
const reviewText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string({ error: "validation.invalid" })
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .max(max, { error: tooLong })
          .refine((s) => !CONTROL.test(s), { error: "validation.controlChars" }),
      )
      .transform((s) => (s ? s : null)),
  );

/** The rating is a whole number from 1 to 5, as the form's radio buttons post it ("1".."5"). */
const ratingField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .union([z.string(), z.number()], { error: "site:reviews.errors.rating" })
    .transform((v) => (typeof v === "number" ? v : /^\d$/.test(v) ? Number(v) : Number.NaN))
    .pipe(
      z
        .number({ error: "site:reviews.errors.rating" })
        .int({ error: "site:reviews.errors.rating" })
        .min(RATING_MIN, { error: "site:reviews.errors.rating" })
        .max(RATING_MAX, { error: "site:reviews.errors.rating" }),
    ),
);

export const reviewSchema = z.object({
  rating: ratingField,
  body: reviewText(REVIEW_BODY_MAX, "site:reviews.errors.tooLong"),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const answerSchema = z.object({
  answer: reviewText(REVIEW_ANSWER_MAX, "site:reviews.errors.answerTooLong").refine((s) => s !== null, {
    error: "site:reviews.errors.answerRequired",
  }),
});
export type AnswerInput = { answer: string };
