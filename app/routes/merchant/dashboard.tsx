import { eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { merchants } from "@db/schema";
import { PageHeading } from "~/components/page-heading";
import { getDb } from "~/lib/db.server";
import { requireRole } from "~/lib/guards.server";
import { metaTags } from "~/lib/meta";
import type { Route } from "./+types/dashboard";

/** SPEC: admits merchant and admin; without a merchant record for the user's id, to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, ["merchant", "admin"]);
  const db = await getDb();
  const [merchant] = await db
    .select({ businessName: merchants.businessName })
    .from(merchants)
    .where(eq(merchants.id, actor.id))
    .limit(1);
  if (!merchant) throw redirect("/");
  return {
    businessName: merchant.businessName,
    meta: { title: context.t("common:panel.menu.dashboard"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <PageHeading title={t("panel.welcome", { name: loaderData.businessName })} />;
}
