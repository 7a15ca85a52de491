/** Merchant panel: the merchant's own promotions, with add, edit and delete dialogs. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { PromotionFields, usePromotionColumns } from "~/components/panel/promotion";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { requireMerchant } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { withGalleries } from "~/modules/media/index.server";
import { withPublicPaths } from "~/modules/municipality/index.server";
import { listOwnPromotions, promotionCommands } from "~/modules/promotion/index.server";
import type { Route } from "./+types/promotions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireMerchant(request, context);
  const list = await loadList(context, null, () => listOwnPromotions(actor), []);
  return {
    error: list.error,
    rows: await withPublicPaths("promotions", await withGalleries("promotion", list.value)),
    meta: { title: context.t("merchant:promotions.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireMerchant(request, context);
  return panelAction(request, context, promotionCommands(actor), panelMessages("merchant", "promotions"));
}

export default function MerchantPromotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("merchant");
  return (
    <CrudScreen
      texts={useCrudTexts("merchant:promotions")}
      {...loaderData}
      columns={usePromotionColumns(false)}
      rowLabel={(r) => r.title}
      deleteConfirm={(r) => t("promotions.deleteConfirm", { title: r.title })}
      fields={(p) => <PromotionFields {...p} />}
    />
  );
}
