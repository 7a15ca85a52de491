/** Admin panel: moderation of the residents' reports (pending, approved, rejected). */
import { useState } from "react";
import { Check, Trash2, X } from "~/components/icons";
import { CrudDialog, DataTable, PanelHeader, useCrud } from "~/components/crud";
import { Badge } from "~/components/ui/badge";
import { Picture } from "~/components/picture";
import { type Intent, panelAction } from "~/lib/forms/crud.server";
import { formatDateTime, truncate } from "~/lib/i18n/format";
import { SelectField, TextArea } from "~/components/form";
import { REPORT_REJECTION_REASONS } from "@db/schema/enums";
import { requireAdmin } from "~/lib/auth/guards.server";
import { MODERATION_NOTE_MAX, type ModerationInput, moderationSchema } from "~/modules/report";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { type AdminReportRow, deleteReport, listReportsForAdmin, moderateReport } from "~/modules/report/index.server";
import { isUrgentType } from "~/modules/report";
import { isOutsideImage } from "~/modules/media";
import { MarkResolved, ReportStatusBadges } from "~/components/panel/mark-resolved";
import type { Route } from "./+types/reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadPage(request, context, "admin:reports.fetchFailed", (query) =>
    listReportsForAdmin(actor, query),
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

/** The host an outside address names, for the button that loads it (the address itself when unparsable). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * A report's photo. An upload (a path on this site) shows at once; an address on another website is loaded
 * only when the moderator asks, since any account can file a report whose picture tells its site the
 * moderator's address and when they moderate.
 */
function ReportPhoto({ url }: { url: string }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState(false);
  const outside = isOutsideImage(url);
  if (outside && !load) {
    return (
      <button type="button" className="btn-secondary mb-1 px-2 py-1 text-xs" onClick={() => setLoad(true)}>
        {t("admin:reports.loadOutside", { host: hostOf(url) })}
      </button>
    );
  }
  const alt = t("common:media.photo");
  const box = { width: 96, height: 54, className: "aspect-video w-24 rounded bg-slate-100 object-cover" };
  return (
    // The photo the moderator decides on: private to admins until approved.
    <a href={url} className="mb-1 block w-24" target="_blank" rel="noreferrer">
      {outside ? (
        <img src={url} alt={alt} referrerPolicy="no-referrer" {...box} />
      ) : (
        <Picture src={url} alt={alt} sizes="96px" {...box} />
      )}
    </a>
  );
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const crud = useCrud<AdminReportRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;
  const button = (r: AdminReportRow, kind: string, className: string, Icon: typeof Check, label: string) => (
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
        emptyMessage={t("admin:reports.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "description",
            header: t("admin:reports.description"),
            cell: (r) => (
              <div className="min-w-40">
                {r.imageUrl && <ReportPhoto key={r.imageUrl} url={r.imageUrl} />}
                <div className="font-medium text-slate-900" title={r.description}>
                  {truncate(r.description, 50)}
                </div>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge tone={isUrgentType(r.type) ? "red" : "blue"}>{t(`admin:reports.types.${r.type}`)}</Badge>
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
      {(
        [
          ["approve", "approveTitle", row && t("admin:reports.approveConfirm", { municipality: row.municipalityName })],
          ["reject", "rejectTitle", t("admin:reports.rejectConfirm")],
          [
            "delete",
            "deleteTitle",
            row && t("admin:reports.deleteConfirm", { description: truncate(row.description, 20) }),
          ],
        ] as const
      ).map(([intent, title, description]) => (
        <CrudDialog
          key={intent}
          open={mode.kind === intent}
          onClose={crud.close}
          title={t(`admin:reports.${title}`)}
          description={description || undefined}
          intent={intent}
          kind={intent === "delete" ? "delete" : "confirm"}
          danger={intent === "reject"}
          submitLabel={t(`admin:reports.${intent === "approve" ? "approve" : "reject"}`)}
          busyLabel={t(`admin:reports.${intent === "approve" ? "approving" : "rejecting"}`)}
          fetcher={crud.fetcher}
          hidden={row ? { id: row.id } : {}}
        >
          {intent === "reject"
            ? ({ fieldErrors }) => (
                <>
                  <SelectField
                    label={t("admin:reports.reasonLabel")}
                    name="reason"
                    defaultValue=""
                    error={fieldErrors.reason}
                  >
                    <option value="">{t("admin:reports.reasonNone")}</option>
                    {REPORT_REJECTION_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {t(`site:reportReasons.${r}`)}
                      </option>
                    ))}
                  </SelectField>
                  <TextArea
                    label={t("admin:reports.noteLabel")}
                    name="note"
                    maxLength={MODERATION_NOTE_MAX}
                    hint={t("admin:reports.noteHint")}
                    error={fieldErrors.note}
                  />
                </>
              )
            : undefined}
        </CrudDialog>
      ))}
    </div>
  );
}
