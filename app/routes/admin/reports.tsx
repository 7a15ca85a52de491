/** Admin panel: moderation of the residents' reports (pending, approved, rejected). */
import { Check, Trash2, X } from "~/components/icons";
import { DataTable, PanelHeader, useCrud } from "~/components/crud";
import { Badge } from "~/components/ui/badge";
import { MarkResolved, ReportStatusBadges } from "~/components/panel/mark-resolved";
import { type Intent, panelAction } from "~/lib/forms/crud.server";
import { formatDateTime, truncate } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { type ModerationInput, moderationSchema } from "~/modules/report";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { type QueueRow, deleteReport, moderateReport, moderationQueue } from "~/modules/report/index.server";
import { isUrgentType, queueFilter } from "~/modules/report";
import { DuplicateFlag, QueueFilters, ReportDecisionDialogs, ReportPhoto } from "~/components/panel/report-moderation";
import { Link } from "~/components/link";
import { useFocusHeadingOnArrival } from "~/components/ui/focus-return";
import type { Route } from "./+types/reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const filter = queueFilter(new URL(request.url).searchParams);
  const list = await loadPage(request, context, "admin:reports.fetchFailed", (query) =>
    moderationQueue(actor, { ...query, ...filter }),
  );
  return {
    ...list,
    meta: { title: context.t("admin:reports.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const moderate = (decision: "approved" | "rejected"): Intent => ({
    success: `admin:reports.${decision}`,
    failure: "admin:reports.statusFailed",
    row: true,
    // The optional reason (a common one and/or a note) travels with a rejection only.
    schema: decision === "rejected" ? moderationSchema : undefined,
    run: (input, id) =>
      moderateReport(actor, id, decision, decision === "rejected" ? (input as ModerationInput) : undefined),
  });
  return panelAction(
    request,
    context,
    { idKind: "uuid", remove: (id) => deleteReport(actor, id) },
    { deleted: "admin:reports.deleted", deleteFailed: "admin:reports.deleteFailed", invalid: "admin:common.fixErrors" },
    { approve: moderate("approved"), reject: moderate("rejected") },
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const crud = useCrud<QueueRow>();
  useFocusHeadingOnArrival();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;
  const button = (r: QueueRow, kind: string, className: string, Icon: typeof Check, label: string) => (
    <button type="button" className={className} onClick={() => crud.open({ kind, row: r })}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only">: {truncate(r.description, 20)}</span>
    </button>
  );

  return (
    <div className="space-y-6">
      <div>
        <PanelHeader title={t("admin:reports.title")} intro={t("admin:reports.intro")} />
        {/* Close under the intro it qualifies (the heading keeps its own space below). */}
        <p className="-mt-4 max-w-prose text-sm text-slate-600">{t("admin:reports.outsideNote")}</p>
      </div>
      <DataTable
        caption={t("admin:reports.caption")}
        {...loaderData}
        searchable
        toolbar={<QueueFilters />}
        emptyMessage={t("admin:reports.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "description",
            header: t("admin:reports.description"),
            cell: (r) => (
              <div className="min-w-40 max-w-prose">
                {r.imageUrl && <ReportPhoto key={r.imageUrl} url={r.imageUrl} />}
                <p className="line-clamp-3 whitespace-pre-line text-slate-900">{r.description}</p>
                <Link to={`/admin/reports/${r.id}`} className="link mt-1 inline-block text-sm">
                  {t("admin:moderation.open")}
                  <span className="sr-only">: {truncate(r.description, 40)}</span>
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge tone={isUrgentType(r.type) ? "red" : "blue"}>{t(`admin:reports.types.${r.type}`)}</Badge>
                  <DuplicateFlag count={r.duplicates.length} />
                  <span className="text-slate-600 md:hidden">{r.municipalityName}</span>
                </div>
              </div>
            ),
          },
          {
            key: "reporter",
            header: t("admin:reports.reporter"),
            cell: (r) =>
              r.reporterEmail ? (
                <div>
                  <div>{r.reporterName || t("admin:reports.anonymous")}</div>
                  <div className="break-all text-slate-600">{r.reporterEmail}</div>
                </div>
              ) : r.open311Client ? (
                <span className="break-words">{t("admin:reports.viaOpen311", { name: r.open311Client })}</span>
              ) : (
                <span className="italic text-slate-600">{t("admin:reports.anonymous")}</span>
              ),
            className: "hidden sm:table-cell",
          },
          {
            key: "municipality",
            header: t("admin:reports.municipality"),
            cell: (r) => r.municipalityName,
            className: "hidden md:table-cell",
          },
          {
            key: "status",
            header: t("admin:reports.status"),
            cell: (r) => <ReportStatusBadges report={r} />,
          },
          {
            key: "created",
            header: t("admin:reports.created"),
            cell: (r) => formatDateTime(r.createdAt, i18n.language),
            className: "hidden lg:table-cell whitespace-nowrap",
          },
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <div className="flex flex-wrap gap-2">
                {r.status === "pending" && (
                  <>
                    {button(r, "approve", "btn-secondary px-3 py-1 text-brand-800", Check, t("admin:reports.approve"))}
                    {button(r, "reject", "btn-secondary px-3 py-1", X, t("admin:reports.reject"))}
                  </>
                )}
                {r.status === "approved" && <MarkResolved report={r} />}
                {button(r, "delete", "btn-ghost px-3 py-1 text-red-700 hover:bg-red-50", Trash2, t("crud.delete"))}
              </div>
            ),
          },
        ]}
      />
      <ReportDecisionDialogs crud={crud} row={row} />
    </div>
  );
}
