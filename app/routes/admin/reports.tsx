import { Check, Trash2, X } from "~/components/icons";
import { useTranslation } from "~/lib/i18n-react";
import { AdminHeader, Badge, type Tone, truncate } from "~/components/admin/admin-ui";
import { CrudDialog, DataTable, useCrud } from "~/components/crud";
import { listParams } from "~/lib/crud.server";
import { formatDateTime } from "~/lib/format";
import { parseWith, readForm } from "~/lib/form.server";
import { SelectField, TextArea } from "~/components/form";
import { REPORT_REJECTION_REASONS } from "@db/schema/enums";
import { MODERATION_NOTE_MAX, moderationSchema } from "~/modules/report/report.schema";
import { requireAdmin } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import { attempt, invalid, loadList, notFound, postedUuid, unknownIntent } from "~/modules/admin/action.server";
import {
  type AdminReportRow,
  deleteReport,
  listReportsForAdmin,
  moderateReport,
} from "~/modules/report/report.admin.server";
import type { Route } from "./+types/reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const params = listParams(request);
  const list = await loadList(context, "admin:reports.fetchFailed", () => listReportsForAdmin(actor, params), {
    rows: [],
    total: 0,
  });
  return {
    ...list.value,
    error: list.error,
    page: params.page,
    pageSize: params.pageSize,
    meta: { title: context.t("admin:reports.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await readForm(request);
  const id = postedUuid(form);
  switch (form.intent) {
    case "approve":
    case "reject": {
      if (!id) return notFound("admin:reports.statusFailed", context);
      const decision = form.intent === "approve" ? "approved" : "rejected";
      // The optional reason (a common one and/or a note) travels with a rejection only.
      const outcome = parseWith(moderationSchema, decision === "rejected" ? form : {});
      if (!outcome.ok) return invalid(outcome, "admin:reports.statusFailed");
      return attempt(context, `admin:reports.${decision}`, "admin:reports.statusFailed", () =>
        moderateReport(actor, id, decision, outcome.data),
      );
    }
    case "delete": {
      if (!id) return notFound("admin:reports.deleteFailed", context);
      return attempt(context, "admin:reports.deleted", "admin:reports.deleteFailed", () => deleteReport(actor, id));
    }
    default:
      return unknownIntent();
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

const STATUS_TONE: Record<string, Tone> = { pending: "amber", approved: "green", rejected: "slate" };

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageSize, error } = loaderData;
  const crud = useCrud<AdminReportRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;
  const hidden: Record<string, string> = row ? { id: row.id } : {};

  return (
    <div className="space-y-6">
      <AdminHeader title={t("admin:reports.title")} intro={t("admin:reports.intro")} />
      <DataTable
        caption={t("admin:reports.caption")}
        searchable
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        error={error}
        emptyMessage={t("admin:reports.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "description",
            header: t("admin:reports.description"),
            cell: (r) => (
              <div className="min-w-40">
                <div className="font-medium text-slate-900" title={r.description}>
                  {truncate(r.description, 50)}
                </div>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge tone={r.type === "informative" ? "blue" : "red"}>{t(`admin:reports.types.${r.type}`)}</Badge>
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
            cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{t(`admin:reports.statuses.${r.status}`)}</Badge>,
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
            cell: (r) => {
              const label = `: ${truncate(r.description, 20)}`;
              return (
                <div className="flex flex-wrap gap-2">
                  {r.status === "pending" && (
                    <>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1 text-brand-800"
                        onClick={() => crud.open({ kind: "approve", row: r })}
                      >
                        <Check aria-hidden="true" className="size-4" />
                        {t("admin:reports.approve")}
                        <span className="sr-only">{label}</span>
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1"
                        onClick={() => crud.open({ kind: "reject", row: r })}
                      >
                        <X aria-hidden="true" className="size-4" />
                        {t("admin:reports.reject")}
                        <span className="sr-only">{label}</span>
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className="btn-ghost px-3 py-1 text-red-700 hover:bg-red-50"
                    onClick={() => crud.open({ kind: "delete", row: r })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("crud.delete")}
                    <span className="sr-only">{label}</span>
                  </button>
                </div>
              );
            },
          },
        ]}
      />
      <CrudDialog
        open={mode.kind === "approve"}
        onClose={crud.close}
        title={t("admin:reports.approveTitle")}
        description={row ? t("admin:reports.approveConfirm", { municipality: row.municipalityName }) : undefined}
        intent="approve"
        kind="confirm"
        submitLabel={t("admin:reports.approve")}
        busyLabel={t("admin:reports.approving")}
        fetcher={crud.fetcher}
        hidden={hidden}
      />
      <CrudDialog
        open={mode.kind === "reject"}
        onClose={crud.close}
        title={t("admin:reports.rejectTitle")}
        description={t("admin:reports.rejectConfirm")}
        intent="reject"
        kind="confirm"
        danger
        submitLabel={t("admin:reports.reject")}
        busyLabel={t("admin:reports.rejecting")}
        fetcher={crud.fetcher}
        hidden={hidden}
      >
        {({ fieldErrors }) => (
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
        )}
      </CrudDialog>
      <CrudDialog
        open={mode.kind === "delete"}
        onClose={crud.close}
        title={t("admin:reports.deleteTitle")}
        description={row ? t("admin:reports.deleteConfirm", { description: truncate(row.description, 20) }) : undefined}
        intent="delete"
        kind="delete"
        fetcher={crud.fetcher}
        hidden={hidden}
      />
    </div>
  );
}
