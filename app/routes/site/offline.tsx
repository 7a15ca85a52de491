import { OfflinePages } from "~/components/offline";
import { PageHeading } from "~/components/page-heading";
import { useTranslation } from "~/lib/i18n/react";
import { metaTags } from "~/lib/http/meta";
import type { Route } from "./+types/offline";

/**
 * The page the service worker shows for an address it cannot fetch and has not kept. It is stored at install in
 * each language (`/offline?lng=nl`), so it holds nothing personal.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { meta: { title: context.t("offline.title"), noindex: true } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Offline() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <PageHeading title={t("offline.title")}>
        <p>{t("offline.body")}</p>
      </PageHeading>
      <OfflinePages />
    </div>
  );
}
