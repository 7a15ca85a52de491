/**
 * An event's practical information in the reader's language (nothing at all when the organiser wrote none),
 * and its date, time and venue.
 */
import { CalendarDays, Clock, MapPin } from "~/components/icons";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { formatDateLong } from "~/lib/i18n/format";
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

/** The event's date, time (or "no time given") and venue, each named for a screen reader. */
export function EventWhenWhere({ event: e }: { event: { startDate: string; time: string | null; venue: string } }) {
  const { t, i18n } = useTranslation("site");
  return (
    <dl className="mt-4 space-y-3 text-sm">
      <div className="flex gap-2">
        <dt className="shrink-0">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span className="sr-only">{t("eventDetail.date")}</span>
        </dt>
        <dd className="font-medium text-slate-900">{formatDateLong(e.startDate, i18n.language)}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="shrink-0">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span className="sr-only">{t("eventDetail.time")}</span>
        </dt>
        <dd className="text-slate-800">{e.time ?? t("eventDetail.noTime")}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="shrink-0">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span className="sr-only">{t("eventDetail.venue")}</span>
        </dt>
        <dd className="text-slate-800">{e.venue}</dd>
      </div>
    </dl>
  );
}
