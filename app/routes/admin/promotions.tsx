/** Admin panel: every merchant's promotions. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { PromotionFields, usePromotionColumns } from "~/components/panel/promotion";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { todayIso } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { withGalleries } from "~/modules/media/index.server";
import { listAllPromotions, promotionCommands } from "~/modules/promotion/index.server";
import type { Route } from "./+types/promotions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadPage(request, context, "admin:promotions.fetchFailed", async (query) => {
    const page = await listAllPromotions(actor, query);
    return { ...page, rows: await withGalleries("promotion", page.rows) };
  });
  return {
    ...list,
    today: todayIso(),
    meta: { title: context.t("admin:promotions.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, promotionCommands(actor), panelMessages("admin", "promotions"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function PromotionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { today } = loaderData;
  return (
    <CrudScreen
      texts={useCrudTexts("admin:promotions")}
      {...loaderData}
      searchable
      columns={usePromotionColumns(true)}
      rowLabel={(r) => r.title}
      deleteConfirm={(r) => t("admin:promotions.deleteConfirm", { title: r.title })}
      fields={(p) => <PromotionFields {...p} today={today} />}
      size="max-w-2xl"
    />
  );
}
