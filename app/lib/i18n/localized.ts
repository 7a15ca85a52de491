/**
 * Reading content in three languages (decision 0013). A row's text columns hold the original text,
 * `originalLocale` its language and `translations` the other languages ({"fr": {"title": "..."}}). Every
 * public page, feed, mail and API answer reads a text through `localized`: the reader's language when a
 * translation is there, else the original, marked as a fallback so the page can label it and set `lang`.
 */
import type { Translations } from "@db/schema";
import { DEFAULT_LOCALE, type Locale, isLocale } from "./";

export type { Translations };

/** The row property that holds a field's original text (the promotion's terms live in termsAndConditions). */
const COLUMN_OF: Record<string, string> = { terms: "termsAndConditions" };

export type TranslatableRow = {
  originalLocale?: string | null;
  translations?: Translations | null;
  [column: string]: unknown;
};

/** A text as shown to a reader: the words, their language, and whether it is the original standing in. */
export type Localized = { text: string | null; lang: Locale; isOriginalFallback: boolean };

/** The language of a row's original text (English for a row that does not say). */
export function originalLocaleOf(row: TranslatableRow): Locale {
  return isLocale(row.originalLocale) ? row.originalLocale : DEFAULT_LOCALE;
}

/** The stored translation of a field, or null when there is none (blank counts as none). */
function translationOf(row: TranslatableRow, field: string, locale: Locale): string | null {
  const text = row.translations?.[locale]?.[field];
  return typeof text === "string" && text.trim() ? text : null;
}

/** The original text of a translatable field (the promotion's "terms" are its termsAndConditions), or "". */
export function originalOf(row: TranslatableRow, field: string): string {
  const value = row[COLUMN_OF[field] ?? field];
  return typeof value === "string" ? value : "";
}

/** A row's field in the reader's language, else its original (`isOriginalFallback` when the reader's is missing). */
export function localized(row: TranslatableRow, field: string, locale: Locale): Localized {
  const original = row[COLUMN_OF[field] ?? field];
  const originalText = typeof original === "string" && original !== "" ? original : null;
  const originalLocale = originalLocaleOf(row);
  if (locale !== originalLocale) {
    const translated = translationOf(row, field, locale);
    if (translated !== null) return { text: translated, lang: locale, isOriginalFallback: false };
  }
  return {
    text: originalText,
    lang: originalLocale,
    isOriginalFallback: originalText !== null && locale !== originalLocale,
  };
}

/** Just the text of `localized` (a name in a list, a feed's title). */
export function localizedText(row: TranslatableRow, field: string, locale: Locale): string | null {
  return localized(row, field, locale).text;
}

/**
 * A slug from a name in any language: lower case, accents dropped, runs of other characters one hyphen
 * ("Liège" → "liege", "Bruxelles" → "bruxelles"); the same rule as the landing search's slugs.
 */
function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The other slugs a municipality answers to: its name in each language, when that differs from its slug. */
export function slugAliases(row: { slug: string; name: string; translations?: Translations | null }): string[] {
  const names = [row.name, ...Object.values(row.translations ?? {}).map((t) => t?.name ?? "")];
  const aliases = new Set(names.map(slugify).filter((s) => s && s !== row.slug));
  return [...aliases];
}

/**
 * For plain-text outputs (feeds, calendars, mail text, API summaries) that cannot carry a `lang` attribute:
 * the text, followed by "(original in Dutch)" in the reader's language when the original stands in.
 */
export function localizedPlain(
  row: TranslatableRow,
  field: string,
  locale: Locale,
  t: (key: `common:contentLanguage.originalIn.${Locale}`) => string,
): string | null {
  const value = localized(row, field, locale);
  if (value.text === null) return null;
  return value.isOriginalFallback
    ? `${value.text} (${t(`common:contentLanguage.originalIn.${value.lang}`)})`
    : value.text;
}
