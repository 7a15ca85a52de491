import { useTranslation } from "~/lib/i18n/react";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { metaTags } from "~/lib/http/meta";
import type { Route } from "./+types/terms";

export function loader({ context }: Route.LoaderArgs) {
  return {
    meta: { title: context.t("site:terms.title"), description: context.t("site:terms.metaDescription") },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

const SECTIONS = ["use", "content", "merchants", "liability", "changes"] as const;

export default function Terms() {
  const { t } = useTranslation("site");
  return (
    <StaticPage
      title={t("terms.title")}
      lead={
        <>
          <p>{t("terms.intro")}</p>
          <p className="mt-2 text-sm text-slate-600">{t("terms.updated")}</p>
        </>
      }
    >
      {SECTIONS.map((s) => (
        <StaticSection key={s} id={`terms-${s}`} title={t(`terms.${s}Title`)}>
          <p>{t(`terms.${s}`)}</p>
        </StaticSection>
      ))}
    </StaticPage>
  );
}
