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

/** `text` is a multi-line text (a textarea): the texts this long keep their tabs and line breaks. */
export const LIMITS = { short: 120, title: 200, url: 2048, text: 5000, email: 254, password: 128 } as const;

/**
 * Control characters (Unicode Cc: NUL, ESC, DEL, the C1 range...) have no place in anything a person types,
 * and PostgreSQL refuses NUL in text outright (a query error, once a 500). Tab and line breaks are text in a
 * multi-line field and nowhere else.
 */
const CONTROL_IN_LINE = /\p{Cc}/u;
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;

/** Whether `s` holds a control character that a single-line (or, with `multiline`, a multi-line) text may not. */
export function hasControlChars(s: string, multiline = false): boolean {
  return (multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(s);
}

/** Percent-decoded text of a URL part; an escape that is not UTF-8 stays as written (it cannot decode to one). */
function decodeUrlPart(part: string): string {
  return part.replace(/\+/g, " ").replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Where a request target (`/path?query`) holds a control character once decoded: its path (no route's
 * parameter is ever one: a 404), its query (a 400), or neither. A query may hold tab and line breaks, as a
 * multi-line text may.
 */
export function controlCharsInUrl(target: string): "path" | "query" | null {
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  if (hasControlChars(decodeUrlPart(path))) return "path";
  if (q >= 0 && hasControlChars(decodeUrlPart(target.slice(q + 1)), true)) return "query";
  return null;
}

const trimmed = (max: number, multiline: boolean) =>
  z
    .string({ error: "validation.invalid" })
    .max(max * 4, { error: "validation.tooLong" })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(max, { error: "validation.tooLong" })
        .refine((s) => !hasControlChars(s, multiline), { error: "validation.controlChars" }),
    );

/**
 * A required text: blank is an error with the given message key. Texts of LIMITS.text or more are multi-line
 * unless `multiline` says otherwise.
 */
export const requiredText = (
  max: number = LIMITS.short,
  message = "validation.required",
  multiline = max >= LIMITS.text,
) => trimmed(max, multiline).pipe(z.string().min(1, { error: message }));

/** An optional text: blank or missing becomes null (an empty optional text is stored as null). */
export const optionalText = (max: number = LIMITS.short, multiline = max >= LIMITS.text) =>
  z.preprocess((v) => (v == null ? "" : v), trimmed(max, multiline)).transform((s) => (s ? s : null));

export const emailField = (message = "validation.email") =>
  trimmed(LIMITS.email, false)
    .pipe(z.string().min(1, { error: "validation.required" }))
    .pipe(z.email({ error: message }))
    .transform((s) => s.toLowerCase());

/** Optional http(s) address; other schemes (javascript:, data:) are refused. */
export const optionalHttpUrl = () =>
  optionalText(LIMITS.url).refine((s) => s === null || isHttpUrl(s), { error: "validation.url" });

function isHttpUrl(s: string): boolean {
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
  trimmed(10, false)
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
