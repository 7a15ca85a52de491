/**
 * The translation part of a content form: the original language (`original_locale`) and, for each
 * other language, the translatable fields posted flat as `tr_<locale>_<field>` (`tr_fr_title`). Each
 * translation has the same length rule as its original field; blank means "not translated". A form that
 * posts no `tr_` field at all (an older client) leaves the stored translations alone. A box `tr_checked_<locale>`
 * confirms that language's translation as still right for the original as saved (lib/i18n/translation-sources.ts).
 */
import { z } from "zod";
import { LOCALES, type Locale } from "./";
import type { Translations } from "./localized";
import { checkbox, optionalText } from "~/lib/forms/validation";

/** The translatable fields of a form and the maximum length of each (that of the original field). */
type TranslatableLimits = Readonly<Record<string, number>>;

export type TranslationInput = {
  /** Absent: keep the stored language (update) or the default (create). */
  original_locale?: Locale;
  /** Absent: keep the stored translations. */
  translations?: Translations;
  /** The languages whose translation the author confirmed as still right (a ticked `tr_checked_<locale>`). */
  translations_checked?: Locale[];
};

/** The posted field name of a field's translation. */
export const translationFieldName = (locale: Locale, field: string) => `tr_${locale}_${field}`;

/** The posted box that confirms a language's translation as still right after its original changed. */
export const translationCheckedName = (locale: Locale) => `tr_checked_${locale}`;

/**
 * An optional text that is only written when posted: absent stays undefined (keep what is stored), blank is null;
 * otherwise the rules and messages of `optionalText(max)` ("validation.tooLong").
 */
export const keptText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): string | null | undefined => {
      if (v === undefined) return undefined;
      const parsed = optionalText(max).safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    })
    .optional();

/** Parses the translation fields of a form; its issues are on the flat field names. */
function translationsSchema(limits: TranslatableLimits): z.ZodType<TranslationInput> {
  // Absent stays undefined (not posted: keep what is stored); blank becomes null (posted empty: not translated).
  const shape: Record<string, z.ZodType<string | null | undefined>> = {};
  for (const locale of LOCALES)
    for (const [field, max] of Object.entries(limits)) shape[translationFieldName(locale, field)] = keptText(max);
  return z
    .object({
      original_locale: z.preprocess(
        (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
        z.enum(LOCALES, { error: "validation.invalid" }).optional(),
      ),
      ...shape,
      ...Object.fromEntries(LOCALES.map((l) => [translationCheckedName(l), checkbox()])),
    })
    .transform((form): TranslationInput => {
      const posted = form as Record<string, string | null | undefined>;
      const out: TranslationInput = form.original_locale ? { original_locale: form.original_locale } : {};
      const checked = LOCALES.filter((l) => (form as Record<string, unknown>)[translationCheckedName(l)] === true);
      if (checked.length) out.translations_checked = checked;
      if (!Object.keys(shape).some((k) => posted[k] !== undefined)) return out;
      const translations: Translations = {};
      for (const locale of LOCALES) {
        // The original's language is the row's own columns: a translation into it would never be read.
        if (locale === out.original_locale) continue;
        const texts: Record<string, string> = {};
        for (const field of Object.keys(limits)) {
          const text = posted[translationFieldName(locale, field)];
          if (text) texts[field] = text;
        }
        if (Object.keys(texts).length) translations[locale] = texts;
      }
      return { ...out, translations };
    });
}

/** A form schema with the translation part added: its output has `original_locale` and `translations` too. */
export function withTranslations<S extends z.ZodType>(
  schema: S,
  limits: TranslatableLimits,
): z.ZodType<z.output<S> & TranslationInput> {
  return z.intersection(schema, translationsSchema(limits)) as unknown as z.ZodType<z.output<S> & TranslationInput>;
}

/** The columns a translation input sets (only those posted). */
export function translationValues(input: TranslationInput): {
  originalLocale?: Locale;
  translations?: Translations;
} {
  return {
    ...(input.original_locale ? { originalLocale: input.original_locale } : {}),
    ...(input.translations ? { translations: input.translations } : {}),
  };
}
