/**
 * A report opened in full for its moderator: the whole text, the photo, the town, the reporter with their
 * earlier reports, the likely duplicates, and the decision buttons (the dialogs are report-moderation.tsx's).
 */
import type { ReactNode } from "react";
import { Check, ChevronLeft, Trash2, X } from "~/components/icons";
import { Link } from "~/components/link";
import { Badge, type Tone } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import { isUrgentType } from "~/modules/report";
import type { ReportStatus, ReportType } from "@db/schema/enums";
import { messageKey } from "~/lib/i18n/keys";
import { DuplicateFlag, ReportPhoto, followersNote } from "./report-moderation";
import { ReportPlace } from "./report-place";
import type { MapTiles } from "~/lib/geo/tiles";

const STATUS_TONE: Record<string, Tone> = { pending: "amber", approved: "green", rejected: "slate" };

type Brief = { id: string; type: ReportType; status: ReportStatus; description: string; createdAt: string | Date };

type ReportDetailData = Brief & {
  imageUrl: string | null;
  reporterName: string | null;
  reporterEmail: string | null;
  open311Client: string | null;
  municipalityName: string;
  municipalitySlug: string;
  moderationReason: string | null;
  moderationNote: string | null;
  moderatedAt: string | Date | null;
  followers: number;
  earlier: Brief[];
  duplicateReports: Brief[];
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  placeText: string | null;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

/** A short list of other reports (the reporter's earlier ones, the duplicates), each opening in full. */
function BriefList({ id, title, empty, items }: { id: string; title: string; empty: string; items: Brief[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((r) => (
            <li key={r.id} className="py-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={STATUS_TONE[r.status]}>{t(`admin:reports.statuses.${r.status}`)}</Badge>
                <Badge tone={isUrgentType(r.type) ? "red" : "blue"}>{t(`admin:reports.types.${r.type}`)}</Badge>
                <span className="text-slate-600">{formatDateTime(r.createdAt, i18n.language)}</span>
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-slate-900">{r.description}</p>
              <Link to={`/admin/reports/${r.id}`} className="link text-sm">
                {t("admin:moderation.open")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ReportDetail({
  report,
  tiles,
  onDecide,
}: {
  report: ReportDetailData;
  tiles: MapTiles;
  onDecide: (kind: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const pending = report.status === "pending";
  return (
    <div className="space-y-6">
      <Link to="/admin/reports" className="link inline-flex items-center gap-1 text-sm">
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t("admin:moderation.back")}
      </Link>
      <div className="card space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[report.status]}>{t(`admin:reports.statuses.${report.status}`)}</Badge>
          <Badge tone={isUrgentType(report.type) ? "red" : "blue"}>{t(`admin:reports.types.${report.type}`)}</Badge>
          <DuplicateFlag count={report.duplicateReports.length} />
        </div>
        <p className="whitespace-pre-line break-words text-slate-900" data-testid="report-text">
          {report.description}
        </p>
        {report.imageUrl && <ReportPhoto url={report.imageUrl} large />}
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={t("admin:moderation.place")}>{report.municipalityName}</Fact>
          <Fact label={t("admin:reports.created")}>{formatDateTime(report.createdAt, lng)}</Fact>
          <Fact label={t("admin:reports.reporter")}>
            {report.reporterEmail ? (
              <>
                {report.reporterName || t("admin:reports.anonymous")}
                <span className="block break-all text-sm text-slate-600">{report.reporterEmail}</span>
              </>
            ) : report.open311Client ? (
              t("admin:reports.viaOpen311", { name: report.open311Client })
            ) : (
              <span className="italic">{t("admin:reports.anonymous")}</span>
            )}
          </Fact>
          <Fact label={t("admin:moderation.onApproval")}>{followersNote(t, report)}</Fact>
          {report.moderatedAt && (
            <Fact label={t("admin:moderation.moderatedAt")}>{formatDateTime(report.moderatedAt, lng)}</Fact>
          )}
          {report.moderationReason && (
            <Fact label={t("admin:reports.reasonLabel")}>
              {t(messageKey(`site:reportReasons.${report.moderationReason}`))}
            </Fact>
          )}
          {report.moderationNote && <Fact label={t("admin:reports.noteLabel")}>{report.moderationNote}</Fact>}
        </dl>
        <ReportPlace report={report} tiles={tiles} />
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {pending && (
            <>
              <button type="button" className="btn-primary" onClick={() => onDecide("approve")}>
                <Check aria-hidden="true" className="size-4" />
                {t("admin:reports.approve")}
              </button>
              <button type="button" className="btn-secondary" onClick={() => onDecide("reject")}>
                <X aria-hidden="true" className="size-4" />
                {t("admin:reports.reject")}
              </button>
            </>
          )}
          <button type="button" className="btn-ghost text-red-700 hover:bg-red-50" onClick={() => onDecide("delete")}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t("crud.delete")}
          </button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <BriefList
          id="duplicates-heading"
          title={t("admin:moderation.duplicatesTitle")}
          empty={t("admin:moderation.duplicatesEmpty")}
          items={report.duplicateReports}
        />
        <BriefList
          id="earlier-heading"
          title={t("admin:moderation.earlierTitle")}
          empty={t("admin:moderation.earlierEmpty")}
          items={report.earlier}
        />
      </div>
    </div>
  );
}
