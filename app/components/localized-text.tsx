/**
 * A text of content written in one of three languages: the reader's language when there is a
 * translation, else the original with `lang` on its element (screen readers pronounce it right) and a small
 * "original in Dutch" label in the reader's language beside it.
 */
import type { ElementType, ReactNode } from "react";
import { isLocale } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n/react";
import { type Localized, type TranslatableRow, localized } from "~/lib/i18n/localized";

/** The row's field in the page's language (lib/i18n/localized.ts). */
export function useLocalized() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (row: TranslatableRow, field: string): Localized => localized(row, field, locale);
}

/** The small label beside a text shown in its original language. */
export function OriginalLanguageLabel({ lang, className = "" }: { lang: Localized["lang"]; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`ml-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-normal text-slate-700 ${className}`}
      data-original-language={lang}
    >
      {t(`contentLanguage.originalIn.${lang}`)}
    </span>
  );
}

/**
 * `value` in an element of type `as`, with its `lang`; the label follows the element (outside it, so it is
 * read in the page's language). `children` replaces the text (a multi-line rendering of the same words).
 */
export function LocalizedText({
  value,
  as: Tag = "span",
  className,
  labelClassName,
  children,
  labelInside = false,
}: {
  value: Localized;
  as?: ElementType;
  className?: string;
  labelClassName?: string;
  children?: ReactNode;
  /** For inline elements whose label should sit in the same box (a heading keeps it inside, after its text). */
  labelInside?: boolean;
}) {
  if (value.text === null) return null;
  const label = value.isOriginalFallback ? (
    <OriginalLanguageLabel lang={value.lang} className={labelClassName} />
  ) : null;
  if (labelInside) {
    return (
      <Tag className={className}>
        <span lang={value.lang}>{children ?? value.text}</span>
        {label}
      </Tag>
    );
  }
  return (
    <>
      <Tag lang={value.lang} className={className}>
        {children ?? value.text}
      </Tag>
      {label}
    </>
  );
}
