/**
 * Dates, times, prices and relative times with Intl, in the active language.
 * Every result goes through `intlValue`, so a page hydrates with the server's strings (lib/i18n/intl-replay.ts).
 */
import { INTL_LOCALE, type Locale, isLocale } from "./";
import { intlValue } from "./intl-replay";

const tag = (lng: string) => INTL_LOCALE[isLocale(lng) ? lng : "en"];

/**
 * Intl formatters are costly to build (tens of microseconds each) and a list page formats hundreds of values,
 * so each (kind, language) pair is built once and reused.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => F,
): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}
const relativeFormat = (lng: string) =>
  cached(`relative:${tag(lng)}`, () => new Intl.RelativeTimeFormat(tag(lng), { numeric: "auto" }));

const input = (value: string | Date | number) => (value instanceof Date ? value.toISOString() : String(value));

/** A calendar date (YYYY-MM-DD or Date) without time-zone drift. */
function asDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

export function formatDate(value: string | Date, lng: Locale | string): string {
  return intlValue(`date|${tag(lng)}|${input(value)}`, () =>
    cached(
      `date:${tag(lng)}`,
      () => new Intl.DateTimeFormat(tag(lng), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
    ).format(asDate(value)),
  );
}

/** "Saturday 14 March 2026" in the active language. */
export function formatDateLong(value: string | Date, lng: Locale | string): string {
  return intlValue(`dateLong|${tag(lng)}|${input(value)}`, () =>
    cached(
      `dateLong:${tag(lng)}`,
      () =>
        new Intl.DateTimeFormat(tag(lng), {
          weekday: "long",
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        }),
    ).format(asDate(value)),
  );
}

export function formatDateTime(value: string | Date, lng: Locale | string): string {
  return intlValue(`dateTime|${tag(lng)}|${input(value)}`, () =>
    cached(
      `dateTime:${tag(lng)}`,
      () => new Intl.DateTimeFormat(tag(lng), { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Brussels" }),
    ).format(new Date(value)),
  );
}

/** A time of day stored as "HH:MM" (an event's time, Brussels local) in the reader's style; other text as it is. */
export function formatClock(hhmm: string, lng: Locale | string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm.trim());
  if (!m) return hhmm;
  return intlValue(`clock|${tag(lng)}|${hhmm}`, () =>
    cached(
      `clock:${tag(lng)}`,
      () => new Intl.DateTimeFormat(tag(lng), { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
    ).format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])))),
  );
}

/**
 * A price the merchant typed as free text, in the reader's format when it is a plain euro amount ("€24,50",
 * "24.50", "12 euro" → "€24.50" / "24,50 €"); any other text ("Free", "from €5") as it was written.
 */
export function formatPriceText(text: string, lng: Locale | string): string {
  const m = /^\s*(?:€|eur)?\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€|eur|euros?)?\s*$/i.exec(text);
  if (!m || !/[€\d]/.test(text)) return text;
  const amount = Number(`${m[1]}.${(m[2] ?? "0").padEnd(2, "0")}`);
  return formatEuro(amount, lng);
}

export function formatEuro(amount: number, lng: Locale | string): string {
  return intlValue(`euro|${tag(lng)}|${amount}`, () =>
    cached(`euro:${tag(lng)}`, () => new Intl.NumberFormat(tag(lng), { style: "currency", currency: "EUR" })).format(
      amount,
    ),
  );
}

export function formatNumber(n: number, lng: Locale | string): string {
  return intlValue(`number|${tag(lng)}|${n}`, () =>
    cached(`number:${tag(lng)}`, () => new Intl.NumberFormat(tag(lng))).format(n),
  );
}

/**
 * docs/product.md: seconds below 60, then minutes below 60, then hours below 24, then days below 7, then a date.
 * The unit and signed amount a relative time shows, or null when it shows the date.
 */
export function relativeParts(
  value: string | Date,
  now: Date,
): { amount: number; unit: "second" | "minute" | "hour" | "day" } | null {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  const abs = Math.abs(seconds);
  const sign = seconds >= 0 ? -1 : 1;
  if (abs < 60) return { amount: sign * abs, unit: "second" };
  const minutes = Math.floor(abs / 60);
  if (minutes < 60) return { amount: sign * minutes, unit: "minute" };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { amount: sign * hours, unit: "hour" };
  const days = Math.floor(hours / 24);
  if (days < 7) return { amount: sign * days, unit: "day" };
  return null;
}

/** Whether a relative time reads the same at both moments (no need to render it again). */
export function sameRelative(value: string | Date, a: Date, b: Date): boolean {
  const x = relativeParts(value, a);
  const y = relativeParts(value, b);
  return x === null || y === null ? x === y : x.amount === y.amount && x.unit === y.unit;
}

export function formatRelative(value: string | Date, lng: Locale | string, now: Date = new Date()): string {
  const then = new Date(value);
  return intlValue(`relative|${tag(lng)}|${then.getTime()}|${now.getTime()}`, () => {
    const parts = relativeParts(then, now);
    return parts ? relativeFormat(lng).format(parts.amount, parts.unit) : formatDate(then, lng);
  });
}

/** Today's date as YYYY-MM-DD in Brussels (the platform's calendar for "active" promotions and events). */
export function todayIso(now: Date = new Date()): string {
  return cached("today", () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" })).format(now);
}

/** docs/product.md promotion expiry: the days left rounded up ("Ends in N days" when >= 0, else "Expired"). */
export function daysLeft(validUntil: string, now: Date = new Date()): number {
  const days = Math.ceil((Date.parse(`${validUntil}T00:00:00Z`) - now.getTime()) / 86_400_000);
  return days === 0 ? 0 : days;
}

/** Truncates to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}
