import { messageKey } from "~/lib/i18n/keys";
import { CalendarDays, Megaphone, Tag } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { data, redirect, useActionData } from "react-router";
import { Link } from "~/components/link";
import { MunicipalitySearch } from "~/components/site/municipality-search";
import { readForm } from "~/lib/forms/form.server";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { toSlug } from "~/lib/http/routes-reserved";
import {
  findActiveMunicipality,
  listActiveMunicipalities,
  resolveActiveMunicipality,
} from "~/modules/municipality/index.server";
import type { Route } from "./+types/landing";

const QUICK_SLUGS = ["brussel", "zonhoven", "hasselt"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  let municipalities: { name: string; slug: string; aliases?: string[] }[] = [];
  try {
    municipalities = (await listActiveMunicipalities(context.locale)).map(({ name, slug, aliases }) => ({
      name,
      slug,
      aliases,
    }));
  } catch (err) {
    log("error", "landing: municipalities load failed", { err });
  }
  return {
    municipalities,
    meta: { title: context.t("site:landing.title"), description: context.t("site:landing.metaDescription") },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/**
 * docs/product.md landing: non-blank text; an active municipality -> /{slug}, else /404?town=<text>. The text is matched as a name
 * or slug whatever its accents, case and punctuation, then by near misses.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (form.q ?? "").slice(0, 200);
  if (!text.trim()) return data({ error: "landing.required" }, { status: 400 });
  const municipality = (await findActiveMunicipality(toSlug(text))) ?? (await resolveActiveMunicipality(text));
  // Not on the platform (unknown or inactive): a page that says so for this name, with the towns that are.
  throw redirect(municipality ? `/${municipality.slug}` : `/404?town=${encodeURIComponent(text.trim())}`);
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const actionData = useActionData<typeof action>();
  const names = new Map(loaderData.municipalities.map((m) => [m.slug, m.name]));
  const features = [
    { icon: Tag, title: t("landing.features.promotions"), text: t("landing.features.promotionsText") },
    { icon: CalendarDays, title: t("landing.features.events"), text: t("landing.features.eventsText") },
    { icon: Megaphone, title: t("landing.features.reports"), text: t("landing.features.reportsText") },
  ];
  return (
    <main id="main">
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("landing.eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-extrabold text-slate-900 sm:text-5xl">{t("landing.heading")}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-slate-700 sm:text-lg">{t("landing.intro")}</p>
          <div className="mx-auto mt-8 max-w-xl text-left">
            <MunicipalitySearch
              municipalities={loaderData.municipalities}
              error={actionData?.error ? t(messageKey(actionData.error)) : null}
            />
          </div>
          <div className="mt-4">
            <h2 className="text-sm font-medium text-slate-700">{t("landing.quick")}</h2>
            <ul className="mt-2 flex flex-wrap justify-center gap-2">
              {QUICK_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link to={`/${slug}`} className="btn-secondary rounded-full">
                    {names.get(slug) ?? slug.charAt(0).toUpperCase() + slug.slice(1)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="features-title" className="text-center text-2xl font-bold text-slate-900">
          {t("landing.features.title")}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
