/**
 * A report's life after approval, as readers see it: resolved (with the date), or, for a report still open
 * after a couple of days, how long it has been open.
 */
import { CheckCircle2, Clock } from "~/components/icons";
import { formatDate } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Younger reports already read as "2 hours ago"; from this age on, "open for N days" says more. */
const SHOW_AGE_FROM_DAYS = 2;

export function ReportLifeBadge({
  createdAt,
  resolvedAt,
  serverNow,
}: {
  createdAt: string;
  resolvedAt?: string | null;
  serverNow: string;
}) {
  const { t, i18n } = useTranslation("site");
  if (resolvedAt) {
    return (
      <span
        data-testid="report-resolved"
        className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
      >
        <CheckCircle2 aria-hidden="true" className="size-3" />
        {t("reportLife.resolved", { date: formatDate(resolvedAt, i18n.language) })}
      </span>
    );
  }
  const days = Math.floor((new Date(serverNow).getTime() - new Date(createdAt).getTime()) / DAY_MS);
  if (days < SHOW_AGE_FROM_DAYS) return null;
  return (
    <span
      data-testid="report-age"
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
    >
      <Clock aria-hidden="true" className="size-3" />
      {t("reportLife.openFor", { count: days })}
    </span>
  );
}

/** My reports: when a moderator marked the report resolved, and what they wrote. */
export function ResolvedNote({ resolvedAt, note }: { resolvedAt: string; note: string | null }) {
  const { t, i18n } = useTranslation("account");
  return (
    <div className="mt-3 rounded-lg border-l-4 border-green-600 bg-green-50 px-3 py-2">
      <p className="text-sm font-semibold text-green-900">
        {t("myReports.resolved", { date: formatDate(resolvedAt, i18n.language) })}
      </p>
      {note && (
        <>
          <p className="sr-only">{t("myReports.resolution")}</p>
          <p className="whitespace-pre-line break-words text-slate-900">{note}</p>
        </>
      )}
    </div>
  );
}
