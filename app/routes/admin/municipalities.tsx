/** Admin panel: the municipalities and whether they are live. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { Link } from "~/components/link";
import { MunicipalityFields } from "~/components/panel/municipality";
import { Badge } from "~/components/ui/badge";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { listParams, loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { listMunicipalitiesForAdmin, municipalityCommands } from "~/modules/municipality/index.server";
import type { Route } from "./+types/municipalities";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const { q } = listParams(request);
  const list = await loadList(
    context,
    "admin:municipalities.fetchFailed",
    () => listMunicipalitiesForAdmin(actor, { q }),
    [],
  );
  return {
    rows: list.value,
    error: list.error,
    meta: { title: context.t("admin:municipalities.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, municipalityCommands(actor), panelMessages("admin", "municipalities"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function MunicipalitiesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <CrudScreen
      texts={useCrudTexts("admin:municipalities")}
      {...loaderData}
      searchable
      columns={[
        {
          key: "name",
          header: t("admin:municipalities.name"),
          cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
        },
        {
          key: "slug",
          header: t("admin:municipalities.slug"),
          cell: (r) =>
            r.isActive ? (
              <Link to={`/${r.slug}`} className="link font-mono">
                /{r.slug}
                <span className="sr-only"> ({t("admin:municipalities.view")})</span>
              </Link>
            ) : (
              <span className="font-mono text-slate-700">/{r.slug}</span>
            ),
          className: "hidden sm:table-cell",
        },
        {
          key: "status",
          header: t("admin:municipalities.status"),
          cell: (r) => (
            <Badge tone={r.isActive ? "green" : "slate"}>
              {r.isActive ? t("admin:common.active") : t("admin:common.inactive")}
            </Badge>
          ),
        },
      ]}
      rowLabel={(r) => r.name}
      deleteConfirm={(r) => t("admin:municipalities.deleteConfirm", { name: r.name })}
      fields={(p) => <MunicipalityFields {...p} />}
    />
  );
}
