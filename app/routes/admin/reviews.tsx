/** Admin panel: moderation of merchant reviews (flag-and-hide): flagged and hidden reviews are listed first. */
import { Check, Star, Trash2, X } from "~/components/icons";
import { CrudDialog, DataTable, PanelHeader, useCrud } from "~/components/crud";
import { Badge } from "~/components/ui/badge";
import { type Intent, panelAction } from "~/lib/forms/crud.server";
import { formatDateTime, truncate } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import {
  type AdminReviewRow,
  deleteReviewAsAdmin,
  listReviewsForAdmin,
  moderateReview,
} from "~/modules/review/index.server";
import type { Route } from "./+types/reviews";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadPage(request, context, "admin:reviews.fetchFailed", (query) =>
    listReviewsForAdmin(actor, query),
  );
  return { ...list, meta: { title: context.t("admin:reviews.title"), noindex: true } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const decide = (decision: "publish" | "hide"): Intent => ({
    success: decision === "publish" ? "admin:reviews.published" : "admin:reviews.hidden",
    failure: "admin:reviews.statusFailed",
    row: true,
    run: (_input, id) => moderateReview(actor, id, decision),
  });
  return panelAction(
    request,
    context,
    { idKind: "uuid", remove: (id) => deleteReviewAsAdmin(actor, id) },
    { deleted: "admin:reviews.deleted", deleteFailed: "admin:reviews.deleteFailed", invalid: "admin:common.fixErrors" },
    { publish: decide("publish"), hide: decide("hide") },
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const crud = useCrud<AdminReviewRow>();
  const { mode } = crud;
  const row = mode.kind !== "closed" && "row" in mode ? mode.row : undefined;
  const button = (r: AdminReviewRow, kind: string, className: string, Icon: typeof Check, label: string) => (
    <button type="button" className={className} onClick={() => crud.open({ kind, row: r })}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only">: {truncate(r.body ?? r.merchantName, 20)}</span>
    </button>
  );
  return (
    <div className="space-y-6">
      <PanelHeader title={t("admin:reviews.title")} intro={t("admin:reviews.intro")} />
      <DataTable
        caption={t("admin:reviews.caption")}
        {...loaderData}
        searchable
        emptyMessage={t("admin:reviews.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "review",
            header: t("admin:reviews.review"),
            cell: (r) => (
              <div className="min-w-40">
                <div className="flex items-center gap-1 font-medium text-slate-900">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                  {t("admin:reviews.stars", { count: r.rating })}
                </div>
                {r.body && (
                  <div className="mt-1 break-words text-slate-800" title={r.body}>
                    {truncate(r.body, 80)}
                  </div>
                )}
                {r.answer && (
                  <div className="mt-1 break-words text-sm text-slate-600">
                    {t("admin:reviews.answer")}: {truncate(r.answer, 60)}
                  </div>
                )}
              </div>
            ),
          },
          {
            key: "author",
            header: t("admin:reviews.author"),
            cell: (r) => (
              <div>
                <div>{r.authorName}</div>
                <div className="break-all text-slate-600">{r.authorEmail}</div>
              </div>
            ),
            className: "hidden sm:table-cell",
          },
          { key: "merchant", header: t("admin:reviews.merchant"), cell: (r) => r.merchantName },
          {
            key: "status",
            header: t("admin:reviews.status"),
            cell: (r) => (
              <div className="flex flex-wrap gap-1">
                <Badge tone={r.status === "hidden" ? "slate" : "green"}>
                  {t(`admin:reviews.statuses.${r.status === "hidden" ? "hidden" : "published"}`)}
                </Badge>
                {r.flagCount > 0 && <Badge tone="amber">{t("admin:reviews.flags", { count: r.flagCount })}</Badge>}
              </div>
            ),
          },
          {
            key: "created",
            header: t("admin:reviews.created"),
            cell: (r) => formatDateTime(r.createdAt, i18n.language),
            className: "hidden lg:table-cell whitespace-nowrap",
          },
          {
            key: "actions",
            header: t("crud.actions"),
            cell: (r) => (
              <div className="flex flex-wrap gap-2">
                {(r.status === "hidden" || r.flagCount > 0) &&
                  button(r, "publish", "btn-secondary px-3 py-1 text-brand-800", Check, t("admin:reviews.publish"))}
                {r.status !== "hidden" && button(r, "hide", "btn-secondary px-3 py-1", X, t("admin:reviews.hide"))}
                {button(r, "delete", "btn-ghost px-3 py-1 text-red-700 hover:bg-red-50", Trash2, t("crud.delete"))}
              </div>
            ),
          },
        ]}
      />
      {(["publish", "hide", "delete"] as const).map((intent) => (
        <CrudDialog
          key={intent}
          open={mode.kind === intent}
          onClose={crud.close}
          title={t(`admin:reviews.${intent}Title`)}
          description={row ? t(`admin:reviews.${intent}Confirm`, { merchant: row.merchantName }) : undefined}
          intent={intent}
          kind={intent === "delete" ? "delete" : "confirm"}
          danger={intent === "hide"}
          submitLabel={t(`admin:reviews.${intent === "delete" ? "deleteButton" : intent}`)}
          busyLabel={t("admin:reviews.working")}
          fetcher={crud.fetcher}
          hidden={row ? { id: row.id } : {}}
        />
      ))}
    </div>
  );
}
