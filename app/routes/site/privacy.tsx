import { useTranslation } from "~/lib/i18n-react";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { metaTags } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export function loader({ context }: Route.LoaderArgs) {
  return {
    meta: { title: context.t("site:privacy.title"), description: context.t("site:privacy.metaDescription") },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Privacy() {
  const { t } = useTranslation("site");
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
        <p>{t("privacy.collect")}</p>
      </StaticSection>
      <StaticSection id="use" title={t("privacy.useTitle")}>
        <p>{t("privacy.use")}</p>
      </StaticSection>
      <StaticSection id="retention" title={t("privacy.retentionTitle")}>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("privacy.retentionUsage")}</li>
          <li>{t("privacy.retentionCommunication")}</li>
          <li>{t("privacy.retentionAccount")}</li>
        </ul>
      </StaticSection>
      <StaticSection id="cookies" title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookies")}</p>
      </StaticSection>
      <StaticSection id="rights" title={t("privacy.rightsTitle")}>
        <p>{t("privacy.rights")}</p>
      </StaticSection>
    </StaticPage>
  );
}
