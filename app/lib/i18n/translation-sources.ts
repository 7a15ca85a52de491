/**
 * Whether a translation still fits its original. Next to `translations`, a translatable row keeps
 * `translation_sources` (migration 0029): per language and field, a fingerprint of the ORIGINAL text as it was
 * when that translation was written, `{"fr": {"title": "1x8k2f0q9c"}}`. When the original changes and the
 * translation does not, the fingerprints differ and the panel's form marks the translation "may be out of
 * date" until it is edited or confirmed as still right.
 *
 * Writes call `nextTranslationSources(before, after, checked)`; forms call `staleTranslations(row)`. Plain
 * functions, the same on the server and in the browser (the form renders the marker on both).
 */
import { LOCALES, type Locale } from "./";
import { type TranslatableRow, type Translations, originalOf } from "./localized";

/** Per language and field, the fingerprint of the original a translation was written against. */
type TranslationSources = Translations;

export type SourcedRow = TranslatableRow & { translationSources?: TranslationSources | null };

/**
 * A short fingerprint of a text (cyrb53, 53 bits, base 36): enough to notice a change, not a secret. The same
 * in every JavaScript runtime, so the server and the browser agree.
 */
export function textFingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const fingerprintOf = (row: TranslatableRow, field: string) => textFingerprint(originalOf(row, field).trim());

/**
 * The sources to store with a write that turns `before` (null: a new row) into `after` (the row as it will be).
 * For each translated field: a new or changed translation, or one of a language the author confirmed as still
 * right (`checked`), is written against the original as saved now; an untouched one keeps its source, so an
 * original that changed leaves it marked. A translation stored before sources were kept is taken to fit the
 * original it stood beside until now (and gets a source only when that original changes).
 */
function nextTranslationSources(
  before: SourcedRow | null,
  after: TranslatableRow,
  checked: readonly Locale[] = [],
): TranslationSources {
  const out: TranslationSources = {};
  for (const locale of LOCALES) {
    for (const [field, text] of Object.entries(after.translations?.[locale] ?? {})) {
      if (typeof text !== "string" || !text.trim()) continue;
      const previous = before?.translations?.[locale]?.[field];
      const source = before?.translationSources?.[locale]?.[field];
      let fingerprint: string | undefined = source;
      if (!before || previous !== text || checked.includes(locale)) fingerprint = fingerprintOf(after, field);
      else if (!source) {
        // Stored before sources were kept: it fits the original it stood beside. Recorded only once that
        // original changes, so saving a row unchanged changes nothing.
        const was = fingerprintOf(before, field);
        fingerprint = was === fingerprintOf(after, field) ? undefined : was;
      }
      if (fingerprint) out[locale] = { ...out[locale], [field]: fingerprint };
    }
  }
  return out;
}

/** The translated fields whose original changed after they were written, per language (none: {}). */
export function staleTranslations(row: SourcedRow | null | undefined): Partial<Record<Locale, string[]>> {
  const out: Partial<Record<Locale, string[]>> = {};
  if (!row) return out;
  for (const locale of LOCALES) {
    const sources = row.translationSources?.[locale] ?? {};
    for (const [field, text] of Object.entries(row.translations?.[locale] ?? {})) {
      const source = sources[field];
      if (typeof text === "string" && text.trim() && source && source !== fingerprintOf(row, field))
        out[locale] = [...(out[locale] ?? []), field];
    }
  }
  return out;
}

/**
 * The values of a write with their `translationSources` added: `values` are the columns being set (their
 * translations included when posted), `before` the stored row (null on create).
 */
export function withTranslationSources<V extends Record<string, unknown>>(
  before: SourcedRow | null,
  values: V,
  checked?: readonly Locale[],
): V & { translationSources: TranslationSources } {
  const after = { ...before, ...values } as TranslatableRow;
  return { ...values, translationSources: nextTranslationSources(before, after, checked) };
}
