/**
 * The merchant's events list: how many residents registered for each event, and their first names (a
 * disclosure, so a long list does not stretch the table). Nobody registered: said so.
 */
import type { Column } from "~/components/crud";
import { useTranslation } from "~/lib/i18n/react";

type WithAttendees = { title: string; registered?: { count: number; firstNames: string[] } | null };

export function useAttendeesColumn<Row extends WithAttendees>(): Column<Row> {
  const { t } = useTranslation("merchant");
  return {
    key: "registered",
    header: t("events.columns.attending"),
    cell: (r) => {
      const count = r.registered?.count ?? 0;
      if (count === 0) return <span className="text-slate-600">{t("events.attendees.none")}</span>;
      return (
        <details>
          <summary className="cursor-pointer whitespace-nowrap font-medium text-slate-900">
            {t("events.attendees.summary", { count })}
          </summary>
          <ul
            aria-label={t("events.attendees.listLabel", { title: r.title })}
            className="mt-1 list-disc pl-5 text-slate-700"
          >
            {r.registered?.firstNames.map((name, i) => (
              <li key={`${i}-${name}`}>{name}</li>
            ))}
          </ul>
        </details>
      );
    },
  };
}
