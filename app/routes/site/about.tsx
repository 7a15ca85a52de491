import { Building2, Languages, MapPinned } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { metaTags } from "~/lib/http/meta";
import { formatNumber } from "~/lib/i18n/format";
import { log } from "~/lib/log.server";
import { LocalizedText } from "~/components/localized-text";
import { listPublicFeatures } from "~/modules/feature/index.server";
import { platformFigures } from "~/modules/municipality/index.server";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  // The real counts; if they cannot be read, the two figures are left out rather than guessed.
  const [figures, features] = await Promise.all([
    platformFigures().catch((err) => {
      log("error", "about: figures failed", { err });
      return null;
    }),
    // What the platform offers, as the administrators describe it (admin panel, Features); none: no section.
    listPublicFeatures(context.locale).catch((err) => {
      log("error", "about: features failed", { err });
      return [];
    }),
  ]);
  return {
    figures,
    features,
    meta: { title: context.t("site:about.title"), description: context.t("site:about.metaDescription") },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function About({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("site");
  const { figures, features } = loaderData;
  const stats = [
    ...(figures
      ? [
          {
            icon: MapPinned,
            value: formatNumber(figures.municipalities, i18n.language),
            label: t("about.citiesLabel", { count: figures.municipalities }),
          },
          {
            icon: Building2,
            value: formatNumber(figures.businesses, i18n.language),
            label: t("about.businessesLabel", { count: figures.businesses }),
          },
        ]
      : []),
    { icon: Languages, value: t("about.languages"), label: t("about.languagesLabel") },
  ];
  return (
    <StaticPage title={t("about.title")} lead={<p>{t("about.lead")}</p>}>
      <StaticSection id="mission" title={t("about.missionTitle")}>
        <p>{t("about.mission")}</p>
      </StaticSection>
      <section aria-labelledby="stats">
        <h2 id="stats" className="text-xl font-bold text-slate-900">
          {t("about.statsTitle")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {stats.map(({ icon: Icon, value, label }) => (
            <li key={label} className="card p-5 text-center">
              <Icon aria-hidden="true" className="mx-auto size-6 text-brand-700" />
              <p className="mt-2 text-3xl font-extrabold text-brand-700">{value}</p>
              <p className="mt-1 text-sm text-slate-700">{label}</p>
            </li>
          ))}
        </ul>
      </section>
      {features.length > 0 && (
        <section aria-labelledby="features">
          <h2 id="features" className="text-xl font-bold text-slate-900">
            {t("about.featuresTitle")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-features>
            {features.map((f) => (
              <li key={f.id} className="card p-5">
                <LocalizedText value={f.name} as="h3" className="font-semibold text-slate-900" labelInside />
                <LocalizedText value={f.description} as="p" className="mt-1 text-sm leading-6 text-slate-700" />
              </li>
            ))}
          </ul>
        </section>
      )}
      <StaticSection id="values" title={t("about.valuesTitle")}>
        <ul className="list-disc space-y-2 pl-5">
          <li>{t("about.values.local")}</li>
          <li>{t("about.values.trust")}</li>
          <li>{t("about.values.open")}</li>
        </ul>
      </StaticSection>
      <p>
        <Link to="/contact" className="btn-primary">
          {t("about.contactCta")}
        </Link>
      </p>
    </StaticPage>
  );
}
