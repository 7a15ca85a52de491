/** An event's practical information in the reader's language; nothing at all when the organiser wrote none. */
import { LocalizedText, useLocalized } from "~/components/localized-text";
import type { Translations } from "~/lib/i18n/localized";
import { useTranslation } from "~/lib/i18n/react";

export function EventPracticalInfo({
  event,
}: {
  event: { practicalInfo: string | null; originalLocale?: string; translations?: Translations };
}) {
  const { t } = useTranslation("site");
  const text = useLocalized();
  const value = text(event, "practicalInfo");
  if (!value.text?.trim()) return null;
  return (
    <section className="mt-8" aria-labelledby="practical-title">
      <h2 id="practical-title" className="text-lg font-bold text-slate-900">
        {t("eventContact.practicalInfo")}
      </h2>
      <LocalizedText as="p" value={value} className="mt-2 whitespace-pre-line text-slate-800" />
    </section>
  );
}
