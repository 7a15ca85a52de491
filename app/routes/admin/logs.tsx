import { useTranslation } from "~/lib/i18n/react";
import { DataTable, PanelHeader } from "~/components/crud";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { loadPage } from "~/lib/forms/list.server";
import { listLogs } from "~/modules/log/index.server";
import type { Route } from "./+types/logs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadPage(request, context, "admin:logs.fetchFailed", (query) => listLogs(actor, query), 25);
  return {
    ...list,
    meta: { title: context.t("admin:logs.title"), noindex: true },
  };
}

/** Read-only: nothing may be posted here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response(null, { status: 405 });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function metadataSummary(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

export default function LogsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-6">
      <PanelHeader title={t("admin:logs.title")} intro={t("admin:logs.intro")} />
      <DataTable
        caption={t("admin:logs.caption")}
        {...loaderData}
        searchable
        emptyMessage={t("admin:logs.empty")}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "time",
            header: t("admin:logs.time"),
            cell: (r) => (
              <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt, i18n.language)}</time>
            ),
            className: "hidden sm:table-cell whitespace-nowrap",
          },
          {
            key: "event",
            header: `${t("admin:logs.event")} / ${t("admin:logs.user")}`,
            cell: (r) => (
              <div className="space-y-1">
                <Badge
                  tone={r.eventType.includes("failed") ? "red" : r.eventType.startsWith("auth") ? "slate" : "blue"}
                >
                  {r.eventType}
                </Badge>
                <div className="break-all text-slate-700">
                  {r.userEmail ?? <span className="italic text-slate-600">{t("admin:common.system")}</span>}
                </div>
              </div>
            ),
          },
          {
            key: "description",
            header: t("admin:logs.description"),
            cell: (r) => (
              <div className="min-w-40 max-w-xl">
                <div className="text-xs text-slate-600 sm:hidden">{formatDateTime(r.createdAt, i18n.language)}</div>
                <div>{r.description}</div>
                {Object.keys(r.metadata ?? {}).length > 0 && (
                  <div className="mt-1 break-all font-mono text-xs text-slate-600">{metadataSummary(r.metadata)}</div>
                )}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
