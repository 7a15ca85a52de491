/**
 * docs/product.md urgent-updates panel: approved reports only (at most 3, from the loader). Guests get a login
 * prompt and no report button. Collapsed it shows the first report and "+N more"; the toggle exists
 * only when there is more than one.
 */
import { REPORT_TYPES } from "@db/schema/enums";
import { oneOf } from "~/lib/i18n/keys";
import { isAuthorityRole, isUrgentType } from "~/modules/report";
import { AlertTriangle, Info, LogIn, MapPin, Megaphone, ShieldCheck } from "~/components/icons";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { formatRelative } from "~/lib/i18n/format";
import { Picture } from "~/components/picture";
import { ReportLifeBadge } from "./report-life";

export type UrgentReport = {
  id: string;
  type: string;
  description: string;
  imageUrl: string | null;
  createdAt: string;
  reporterName: string | null;
  reporterRole: string | null;
  resolvedAt?: string | null;
  /** Where it happened: the reporter's words and whether the public pin is rounded (reports about people). */
  placeText?: string | null;
  place?: { rounded: boolean } | null;
};

/** The place line of a report card: the reporter's words, or that the place is on the map, and "approximate". */
function ReportPlace({ report }: { report: UrgentReport }) {
  const { t } = useTranslation("site");
  if (!report.placeText && !report.place) return null;
  return (
    <p className="mt-2 flex items-start gap-1 text-xs text-slate-800">
      <MapPin aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {report.placeText ?? t("reports.pinned")}
        {report.place?.rounded && <span className="text-slate-700"> ({t("reports.approximate")})</span>}
      </span>
    </p>
  );
}

export function ReportCard({
  report,
  serverNow,
  reporterLabel,
  headingLevel = 3,
}: {
  report: UrgentReport;
  serverNow: string;
  reporterLabel: string;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation("site");
  const urgent = isUrgentType(report.type);
  const type = oneOf(REPORT_TYPES, report.type);
  const typeName = type ? t(`reportTypes.${type}`) : report.type;
  const Icon = urgent ? AlertTriangle : Info;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={`rounded-xl border-l-4 p-4 ${urgent ? "border-red-600 bg-red-50" : "border-blue-600 bg-blue-50"}`}
      data-tone={urgent ? "urgent" : "informative"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className={`size-4 ${urgent ? "text-red-700" : "text-blue-700"}`} />
        <Heading className={`text-sm font-bold ${urgent ? "text-red-900" : "text-blue-900"}`}>{typeName}</Heading>
        {isAuthorityRole(report.reporterRole) && (
          <span className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300">
            <ShieldCheck aria-hidden="true" className="size-3" />
            {t("urgent.authority")}
          </span>
        )}
        <ReportLifeBadge createdAt={report.createdAt} resolvedAt={report.resolvedAt} serverNow={serverNow} />
      </div>
      {report.imageUrl && (
        <Picture
          src={report.imageUrl}
          alt={t("common.imageOf", { title: typeName })}
          width={640}
          height={360}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="mt-3 aspect-video w-full rounded-lg bg-white object-cover"
        />
      )}
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{report.description}</p>
      <ReportPlace report={report} />
      <p className="mt-2 text-xs text-slate-700">
        {t("urgent.reportedBy", { name: reporterLabel })} ·{" "}
        <time dateTime={report.createdAt}>{formatRelative(report.createdAt, i18n.language, new Date(serverNow))}</time>
      </p>
    </article>
  );
}

export function UrgentPanel({
  reports,
  signedIn,
  slug,
  serverNow,
}: {
  reports: UrgentReport[];
  signedIn: boolean;
  slug: string;
  serverNow: string;
}) {
  const { t } = useTranslation("site");
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? reports : reports.slice(0, 1);
  const hidden = reports.length - 1;
  return (
    <section aria-labelledby="urgent-title" className="card flex flex-col p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="urgent-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Megaphone aria-hidden="true" className="size-5 text-red-700" />
          {t("urgent.title")}
        </h2>
        {signedIn && (
          <Link to={`/report/${slug}`} className="btn-danger">
            {t("urgent.report")}
          </Link>
        )}
      </div>
      {!signedIn ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <p>{t("urgent.loginPrompt")}</p>
          <Link to={`/login?redirectTo=${encodeURIComponent(`/${slug}`)}`} className="btn-primary mt-3">
            <LogIn aria-hidden="true" className="size-4" />
            {t("urgent.login")}
          </Link>
        </div>
      ) : reports.length === 0 ? (
        // No urgent report now: the list of all reports is still there to see.
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{t("urgent.empty")}</p>
          <Link to={`/reports/${slug}`} className="link text-sm">
            {t("urgent.viewAll")}
          </Link>
        </div>
      ) : (
        <>
          <ul id="urgent-list" className="mt-3 space-y-3">
            {shown.map((r) => (
              <li key={r.id}>
                <ReportCard
                  report={r}
                  serverNow={serverNow}
                  reporterLabel={r.reporterName?.trim() ? r.reporterName : t("urgent.anonymous")}
                />
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            {reports.length > 1 ? (
              <button
                type="button"
                className="btn-secondary"
                aria-expanded={expanded}
                aria-controls="urgent-list"
                onClick={() => setExpanded((e) => !e)}
              >
                {expanded ? t("urgent.showLess") : t("urgent.more", { count: hidden })}
              </button>
            ) : (
              <span />
            )}
            <Link to={`/reports/${slug}`} className="link text-sm">
              {t("urgent.viewAll")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
