/**
 * Zod building blocks shared by every form schema. Messages are translation keys (common:validation.*),
 * so the same schema gives English, Dutch or French errors. Every text has a maximum length.
 */
import { z } from "zod";

/**
 * Zod's own messages ("Invalid input: expected string…") are English and technical. Every issue without a
 * message of its own gets a translation key instead, so a form always shows a translated field message.
 */
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return "validation.required";
    if (issue.code === "too_big") return "validation.tooLong";
    return "validation.invalid";
  },
});

export const LIMITS = { short: 120, title: 200, url: 2048, text: 5000, email: 254, password: 128 } as const;

const trimmed = (max: number) =>
  z
    .string({ error: "validation.invalid" })
    .max(max * 4, { error: "validation.tooLong" })
    .transform((s) => s.trim())
    .pipe(z.string().max(max, { error: "validation.tooLong" }));

/** A required text: blank is an error with the given message key. */
export const requiredText = (max: number = LIMITS.short, message = "validation.required") =>
  trimmed(max).pipe(z.string().min(1, { error: message }));

/** An optional text: blank or missing becomes null (SPEC §5: empty optional text is stored as null). */
export const optionalText = (max: number = LIMITS.short) =>
  z.preprocess((v) => (v == null ? "" : v), trimmed(max)).transform((s) => (s ? s : null));

export const emailField = (message = "validation.email") =>
  trimmed(LIMITS.email)
    .pipe(z.string().min(1, { error: "validation.required" }))
    .pipe(z.email({ error: message }))
    .transform((s) => s.toLowerCase());

/** Optional http(s) address; other schemes (javascript:, data:) are refused. */
export const optionalHttpUrl = () =>
  optionalText(LIMITS.url).refine((s) => s === null || isHttpUrl(s), { error: "validation.url" });

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/** A calendar date as YYYY-MM-DD that really exists (no 2025-02-30). */
export function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
export const requiredDate = (message = "validation.required") =>
  trimmed(10)
    .pipe(z.string().min(1, { error: message }))
    .refine(isRealDate, { error: "validation.date" });
export const optionalDate = () =>
  optionalText(10).refine((s) => s === null || isRealDate(s), { error: "validation.date" });

export const checkbox = () =>
  z
    .union([
      z.literal("on"),
      z.literal("true"),
      z.literal("false"),
      z.literal(""),
      z.boolean(),
      z.undefined(),
      z.null(),
    ])
    // An unchecked box is simply absent from the posted form: the key must be optional.
    .optional()
    .transform((v) => v === true || v === "on" || v === "true");

export const enumField = <T extends readonly [string, ...string[]]>(values: T, message = "validation.required") =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values, { error: message }));

export const uuidField = (message = "validation.required") =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.uuid({ error: message }));

/** A missing field reads as blank, so it gets the form's required message rather than a type error. */
export const present = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? "", schema);

/**
 * An optional picture address: http(s), or a path on this site ("/images/demo/bakery.svg", as the demo
 * data and bundled pictures use). Other schemes (javascript:, data:) and protocol-relative "//" are refused.
 */
export const optionalImageUrl = () =>
  optionalText(LIMITS.url).refine((s) => s === null || isHttpUrl(s) || /^\/(?![/\\])\S*$/.test(s), {
    error: "validation.url",
  });

/** A trimmed, lower-cased e-mail address; blank gets the form's required message. */
export const requiredEmail = (required: string) =>
  requiredText(LIMITS.email, required)
    .pipe(z.email({ error: "validation.email" }))
    .transform((s) => s.toLowerCase());
