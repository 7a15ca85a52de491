import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/page-heading";
import { requireMerchant } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import type { Route } from "./+types/promotions";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMerchant(request, context);
  return { meta: { title: context.t("common:panel.menu.promotions"), noindex: true } };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMerchant(request, context);
  return new Response(null, { status: 405 });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Page() {
  const { t } = useTranslation();
  return <PageHeading title={t("panel.menu.promotions")} />;
}
