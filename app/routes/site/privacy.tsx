import { useTranslation } from "~/lib/i18n/react";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { env } from "~/lib/env.server";
import { metaTags } from "~/lib/http/meta";
import { tileHostName } from "~/lib/geo/tiles";
import { mapTiles } from "~/modules/settings/index.server";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    // The server every map's tiles come from (admin settings): the one a browser contacts.
    tileHost: tileHostName((await mapTiles()).url),
    // The periods the retention job really applies (docs/product.md, "Privacy").
    days: String(env().RETENTION_DAYS),
    exportDays: String(env().EXPORT_TTL_DAYS),
    meta: { title: context.t("site:privacy.title"), description: context.t("site:privacy.metaDescription") },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { days, exportDays, tileHost } = loaderData;
  return (
    <StaticPage
      title={t("privacy.title")}
      lead={
        <>
          <p>{t("privacy.intro")}</p>
          <p className="mt-2 text-sm text-slate-600">{t("privacy.updated")}</p>
        </>
      }
    >
      <StaticSection id="collect" title={t("privacy.collectTitle")}>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("privacy.collectAccount")}</li>
          <li>{t("privacy.collectReports")}</li>
          <li>{t("privacy.collectPlace")}</li>
          <li>{t("privacy.collectMerchant")}</li>
          <li>{t("privacy.collectFollows")}</li>
          <li>{t("privacy.collectPush")}</li>
          <li>{t("privacy.collectContact")}</li>
          <li>{t("privacy.collectSecurity")}</li>
          <li>{t("privacy.collectMail")}</li>
          <li>{t("privacy.collectLogs")}</li>
        </ul>
      </StaticSection>
      <StaticSection id="use" title={t("privacy.useTitle")}>
        <p>{t("privacy.use")}</p>
      </StaticSection>
      <StaticSection id="retention" title={t("privacy.retentionTitle")}>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("privacy.retentionAccount")}</li>
          <li>{t("privacy.retentionAudit", { days })}</li>
          <li>{t("privacy.retentionSessions")}</li>
          <li>{t("privacy.retentionContact")}</li>
          <li>{t("privacy.retentionNewsletter")}</li>
          <li>{t("privacy.retentionPush")}</li>
          <li>{t("privacy.retentionLive")}</li>
          <li>{t("privacy.retentionMail")}</li>
          <li>{t("privacy.retentionExports", { exportDays })}</li>
          <li>{t("privacy.retentionReports")}</li>
        </ul>
      </StaticSection>
      <StaticSection id="cookies" title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookies")}</p>
        <p className="mt-2">{t("privacy.offline")}</p>
      </StaticSection>
      <StaticSection id="maps" title={t("privacy.mapsTitle")}>
        <p>{t("privacy.maps", { host: tileHost })}</p>
      </StaticSection>
      <StaticSection id="rights" title={t("privacy.rightsTitle")}>
        <p>{t("privacy.rights")}</p>
      </StaticSection>
    </StaticPage>
  );
}
