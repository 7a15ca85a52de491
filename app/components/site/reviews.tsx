/**
 * Reviews of a merchant: the rating line (promotion, event and merchant pages) and the merchant page's section
 * with the reader's own review form, the published reviews, the merchant's answers and the flag button. Texts
 * people wrote are shown as text (React escapes them), with their line breaks.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CheckCircle2, ShieldAlert, Star, Trash2 } from "~/components/icons";
import { type FormResult, FormMessage, TextArea, useFormResult } from "~/components/form";
import { Link } from "~/components/link";
import { formatDate, formatNumber } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import {
  type MerchantReviews,
  type PublicReview,
  REVIEW_ANSWER_MAX,
  REVIEW_BODY_MAX,
  type RatingSummary,
} from "~/modules/review";

/** "4.3 ★ (12 reviews)", or "No reviews yet": real figures only. */
export function RatingLine({ summary, className = "" }: { summary: RatingSummary; className?: string }) {
  const { t, i18n } = useTranslation("site");
  if (summary.count === 0 || summary.average === null) {
    return <p className={`text-sm text-slate-700 ${className}`}>{t("reviews.none")}</p>;
  }
  return (
    <p className={`flex items-center gap-1 text-sm text-slate-700 ${className}`}>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      {t("reviews.summary", {
        average: formatNumber(summary.average, i18n.language),
        count: summary.count,
      })}
    </p>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("site");
  return (
    <span className="inline-flex items-center" role="img" aria-label={t("reviews.stars", { count: rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= rating ? "fill-amber-400 text-amber-500" : "text-slate-400"}`}
        />
      ))}
    </span>
  );
}

type Answer = FormResult & { intent?: string; id?: string };

function ReviewForm({ merchantId, mine }: { merchantId: string; mine: PublicReview | null }) {
  const { t } = useTranslation("site");
  const fetcher = useFetcher<Answer>();
  const result = fetcher.data?.intent === "save" || fetcher.data?.intent === "delete" ? fetcher.data : null;
  const { fieldErrors, error, success } = useFormResult(result);
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // After a deletion the form starts empty again.
  useEffect(() => {
    if (!mine) setRating(0);
  }, [mine]);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/reviews/${merchantId}`}
      className="card space-y-3 p-4"
      noValidate
    >
      <h3 className="font-semibold text-slate-900">{mine ? t("reviews.editTitle") : t("reviews.writeTitle")}</h3>
      {mine?.hidden && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">{t("reviews.hiddenNotice")}</p>
      )}
      <fieldset aria-describedby={fieldErrors.rating ? "review-rating-error" : undefined}>
        <legend className="label">{t("reviews.ratingLabel")}</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className={`inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-lg border px-3 py-2 text-sm ${
                rating === n ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-800"
              }`}
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="size-4"
              />
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
              {t("reviews.stars", { count: n })}
            </label>
          ))}
        </div>
        {fieldErrors.rating && (
          <p id="review-rating-error" className="field-error">
            {t(fieldErrors.rating as "reviews.errors.rating")}
          </p>
        )}
      </fieldset>
      <TextArea
        key={mine?.updatedAt ?? "new"}
        label={t("reviews.bodyLabel")}
        name="body"
        id="review-body"
        defaultValue={mine?.body ?? ""}
        maxLength={REVIEW_BODY_MAX}
        hint={t("reviews.bodyHint", { max: REVIEW_BODY_MAX })}
        error={fieldErrors.body}
      />
      {/* A field's own message is shown beside it, not twice. */}
      <FormMessage error={Object.keys(fieldErrors).length > 0 ? null : error} success={success} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
          {mine ? t("reviews.update") : t("reviews.submit")}
        </button>
        {mine && (
          <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700" disabled={busy}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t("reviews.delete")}
          </button>
        )}
      </div>
    </fetcher.Form>
  );
}

function AnswerForm({ merchantId, reviewId }: { merchantId: string; reviewId: string }) {
  const { t } = useTranslation("site");
  const fetcher = useFetcher<Answer>();
  const { fieldErrors, error } = useFormResult(fetcher.data ?? null);
  return (
    <fetcher.Form method="post" action={`/reviews/${merchantId}`} className="mt-3 space-y-2" noValidate>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="id" value={reviewId} />
      <TextArea
        label={t("reviews.answerLabel")}
        name="answer"
        id={`answer-${reviewId}`}
        maxLength={REVIEW_ANSWER_MAX}
        hint={t("reviews.answerHint")}
        error={fieldErrors.answer}
      />
      <FormMessage error={Object.keys(fieldErrors).length > 0 ? null : error} />
      <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
        {t("reviews.answerSubmit")}
      </button>
    </fetcher.Form>
  );
}

function FlagButton({ merchantId, reviewId, flagged }: { merchantId: string; reviewId: string; flagged: boolean }) {
  const { t } = useTranslation("site");
  const fetcher = useFetcher<Answer>();
  const { error, success } = useFormResult(fetcher.data ?? null);
  if (flagged) return <p className="mt-2 text-xs text-slate-600">{t("reviews.flagged")}</p>;
  return (
    <fetcher.Form method="post" action={`/reviews/${merchantId}`} className="mt-2">
      <input type="hidden" name="intent" value="flag" />
      <input type="hidden" name="id" value={reviewId} />
      <button type="submit" className="btn-ghost px-2 py-1 text-xs" disabled={fetcher.state !== "idle"}>
        <ShieldAlert aria-hidden="true" className="size-3.5" />
        {t("reviews.flag")}
      </button>
      <FormMessage error={error} success={success} />
    </fetcher.Form>
  );
}

function ReviewItem({
  review,
  merchantId,
  merchantName,
  canAnswer,
  canFlag,
}: {
  review: PublicReview;
  merchantId: string;
  merchantName: string;
  canAnswer: boolean;
  canFlag: boolean;
}) {
  const { t, i18n } = useTranslation("site");
  return (
    <li className="card p-4" aria-labelledby={`review-${review.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <h3 id={`review-${review.id}`} className="font-semibold text-slate-900">
          {review.authorName}
        </h3>
        <span className="text-sm text-slate-600">{formatDate(review.createdAt, i18n.language)}</span>
        {review.verified && (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
            <CheckCircle2 aria-hidden="true" className="size-3" />
            {t("reviews.verified")}
          </span>
        )}
      </div>
      {review.body && <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>}
      {review.answer && (
        <div className="mt-3 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-3 py-2">
          <p className="text-sm font-semibold text-brand-900">{t("reviews.answerBy", { name: merchantName })}</p>
          <p className="whitespace-pre-line break-words text-slate-900">{review.answer}</p>
        </div>
      )}
      {canAnswer && !review.answer && <AnswerForm merchantId={merchantId} reviewId={review.id} />}
      {canFlag && <FlagButton merchantId={merchantId} reviewId={review.id} flagged={!!review.flagged} />}
    </li>
  );
}

/** The merchant page's reviews. */
export function ReviewsSection({
  merchantId,
  merchantName,
  reviews,
}: {
  merchantId: string;
  merchantName: string;
  reviews: MerchantReviews;
}) {
  const { t } = useTranslation("site");
  const { user } = useRootData();
  const own = user?.id === merchantId;
  const back = `/merchants/${merchantId}`;
  return (
    <section className="mt-6" aria-labelledby="reviews-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-lg font-bold text-slate-900">
          {t("reviews.title")}
        </h2>
        <RatingLine summary={reviews.summary} />
      </div>
      <div className="mt-3 space-y-4">
        {!user && (
          <p className="text-sm text-slate-700">
            <Link to={`/login?redirectTo=${encodeURIComponent(back)}`} className="link">
              {t("reviews.signInToWrite")}
            </Link>
          </p>
        )}
        {own && <p className="text-sm text-slate-700">{t("reviews.ownBusiness")}</p>}
        {reviews.canWrite && <ReviewForm merchantId={merchantId} mine={reviews.mine} />}
        {reviews.reviews.length > 0 && (
          <ul className="space-y-3" aria-label={t("reviews.listLabel")}>
            {reviews.reviews.map((r) => (
              <ReviewItem
                key={r.id}
                review={r}
                merchantId={merchantId}
                merchantName={merchantName}
                canAnswer={reviews.canAnswer}
                canFlag={!!user && r.id !== reviews.mine?.id}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
