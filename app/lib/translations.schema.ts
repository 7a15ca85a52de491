/**
 * The translation part of a content form (issue #18): the original language (`original_locale`) and, for each
 * other language, the translatable fields posted flat as `tr_<locale>_<field>` (`tr_fr_title`). Each
 * translation has the same length rule as its original field; blank means "not translated". A form that
 * posts no `tr_` field at all (an older client) leaves the stored translations alone.
 */
import { z } from "zod";
import { LOCALES, type Locale } from "./i18n";
import type { Translations } from "./localized";
import { optionalText } from "./validation";

/** The translatable fields of a form and the maximum length of each (that of the original field). */
export type TranslatableLimits = Readonly<Record<string, number>>;

export type TranslationInput = {
  /** Absent: keep the stored language (update) or the default (create). */
  original_locale?: Locale;
  /** Absent: keep the stored translations. */
  translations?: Translations;
};

/** The posted field name of a field's translation. */
export const translationFieldName = (locale: Locale, field: string) => `tr_${locale}_${field}`;

/** Parses the translation fields of a form; its issues are on the flat field names. */
export function translationsSchema(limits: TranslatableLimits): z.ZodType<TranslationInput> {
  const shape: Record<string, z.ZodType<string | null>> = {};
  for (const locale of LOCALES)
    for (const [field, max] of Object.entries(limits)) shape[translationFieldName(locale, field)] = optionalText(max);
  const flat = z.object(shape);
  const originalLocale = z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
    z.enum(LOCALES, { error: "validation.invalid" }).optional(),
  );
  return z.unknown().transform((input, ctx): TranslationInput => {
    const form = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
    const posted = originalLocale.safeParse(form.original_locale);
    if (!posted.success) {
      ctx.addIssue({ code: "custom", path: ["original_locale"], message: "validation.invalid" });
      return z.NEVER;
    }
    const out: TranslationInput = posted.data ? { original_locale: posted.data } : {};
    if (!Object.keys(form).some((k) => k.startsWith("tr_"))) return out;
    const parsed = flat.safeParse(form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
      return z.NEVER;
    }
    const translations: Translations = {};
    for (const locale of LOCALES) {
      // The original's language is the row's own columns: a translation into it would never be read.
      if (locale === out.original_locale) continue;
      const texts: Record<string, string> = {};
      for (const field of Object.keys(limits)) {
        const text = parsed.data[translationFieldName(locale, field)];
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
