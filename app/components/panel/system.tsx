/** The admin system page: the mail outbox and the job queue by status, and what failed for good. */
import { DataTable, PanelHeader } from "~/components/crud";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

type Counts = Record<string, number>;
const STATUS_LABELS = {
  pending: "admin:system.status.pending",
  sending: "admin:system.status.sending",
  sent: "admin:system.status.sent",
  failed: "admin:system.status.failed",
  running: "admin:system.status.running",
  done: "admin:system.status.done",
} as const;
type When = Date | string | null;
/** What the loader gives (app/modules/admin/system.server.ts `systemStatus`). */
type SystemStatus = {
  mail: Counts;
  jobs: Counts;
  failedMails: {
    id: string;
    to: string;
    subject: string;
    attempts: number;
    lastError: string | null;
    createdAt: When;
  }[];
  failedJobs: { id: string; type: string; attempts: number; lastError: string | null; finishedAt: When }[];
};

function StatusCounts({ title, counts, prefix }: { title: string; counts: Counts; prefix: "mail" | "jobs" }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`system-${prefix}`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`system-${prefix}`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Object.entries(counts).map(([status, n]) => (
          <div key={status}>
            <dt className="text-sm text-slate-600">{t(STATUS_LABELS[status as keyof typeof STATUS_LABELS])}</dt>
            <dd
              className={`text-2xl font-semibold ${status === "failed" && n > 0 ? "text-red-700" : "text-slate-900"}`}
            >
              {n}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function SystemOverview({ status, error }: { status: SystemStatus | null; error: string | null }) {
  const { t, i18n } = useTranslation();
  const when = (d: When) =>
    d ? <time dateTime={new Date(d).toISOString()}>{formatDateTime(d, i18n.language)}</time> : null;
  const errorCell = (e: string | null) => <span className="break-all font-mono text-xs text-slate-700">{e}</span>;
  return (
    <div className="space-y-6">
      <PanelHeader title={t("admin:system.title")} intro={t("admin:system.intro")} />
      {status && (
        <div className="grid gap-4 lg:grid-cols-2">
          <StatusCounts title={t("admin:system.mailTitle")} counts={status.mail} prefix="mail" />
          <StatusCounts title={t("admin:system.jobsTitle")} counts={status.jobs} prefix="jobs" />
        </div>
      )}
      <DataTable
        caption={t("admin:system.failedMails")}
        rows={status?.failedMails ?? []}
        error={error}
        emptyMessage={t("admin:system.noFailedMails")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "time",
            header: t("admin:system.time"),
            cell: (r) => when(r.createdAt),
            className: "whitespace-nowrap",
          },
          {
            key: "mail",
            header: t("admin:system.mail"),
            cell: (r) => (
              <div className="space-y-1">
                <Badge tone="red">{t("admin:system.status.failed")}</Badge>
                <div className="break-all text-slate-900">{r.subject}</div>
                <div className="break-all text-slate-600">{r.to}</div>
              </div>
            ),
          },
          { key: "attempts", header: t("admin:system.attempts"), cell: (r) => r.attempts },
          { key: "error", header: t("admin:system.lastError"), cell: (r) => errorCell(r.lastError) },
        ]}
      />
      <DataTable
        caption={t("admin:system.failedJobs")}
        rows={status?.failedJobs ?? []}
        emptyMessage={t("admin:system.noFailedJobs")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "time",
            header: t("admin:system.time"),
            cell: (r) => when(r.finishedAt),
            className: "whitespace-nowrap",
          },
          { key: "type", header: t("admin:system.jobType"), cell: (r) => <span className="font-mono">{r.type}</span> },
          { key: "attempts", header: t("admin:system.attempts"), cell: (r) => r.attempts },
          { key: "error", header: t("admin:system.lastError"), cell: (r) => errorCell(r.lastError) },
        ]}
      />
    </div>
  );
}
