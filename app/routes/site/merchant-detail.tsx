import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/page-heading";

import { metaTags } from "~/lib/meta";
import type { Route } from "./+types/merchant-detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  void request;
  void params;
  return {
    municipality: null as { name: string } | null,
    meta: { title: context.t("site:merchantDetail.title", { city: "" }) },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title={t("merchantDetail.title", { city: loaderData.municipality?.name ?? "" })} />
    </main>
  );
}
