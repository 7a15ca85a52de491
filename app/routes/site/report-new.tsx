import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/page-heading";
import { requireActor } from "~/lib/guards.server";
import { requireActiveMunicipality } from "~/lib/municipality-guard.server";
import { metaTags } from "~/lib/meta";
import type { Route } from "./+types/report-new";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  void request;
  void params;
  await requireActor(request, context);
  const municipality = await requireActiveMunicipality(params.municipality);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    meta: { title: context.t("site:reportNew.title", { city: municipality.name }) },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title={t("reportNew.title", { city: loaderData.municipality?.name ?? "" })} />
    </main>
  );
}
