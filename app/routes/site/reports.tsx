import { Megaphone } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { BackLink, EmptyState, LoadError, Pagination } from "~/components/site/cards";
import { ReportCard } from "~/components/site/urgent-panel";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { type PublicReport, listApprovedReports } from "~/modules/report/index.server";
import { FeedLink } from "~/components/site/feed-links";
import { feedAlternates } from "~/modules/opendata/index.server";
import { municipalityRead } from "~/modules/live/index.server";
import type { Route } from "./+types/reports";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const pageRaw = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 1000) : 1;
  let result: { items: PublicReport[]; total: number; page: number; pages: number } = {
    items: [],
    total: 0,
    page,
    pages: 1,
  };
  let failed = false;
  try {
    result = await municipalityRead(municipality.id, () => listApprovedReports(municipality.id, page));
  } catch (err) {
    failed = true;
    log("error", "reports list failed", { err, municipality: municipality.slug });
  }
  const actor = await context.getActor();
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    ...result,
    failed,
    signedIn: !!actor,
    serverNow: new Date().toISOString(),
    meta: {
      title: context.t("site:reports.title", { city: municipality.name }),
      description: context.t("site:reports.metaDescription", { city: municipality.name }),
      alternates: feedAlternates(["reports"], municipality.slug, municipality.name, context.t),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { municipality, items, page, pages, failed } = loaderData;
  const slug = municipality.slug;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <BackLink to={`/${slug}`}>{t("reports.back", { city: municipality.name })}</BackLink>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t("reports.title", { city: municipality.name })}
          </h1>
          <p className="mt-1 text-slate-700">{t("reports.subtitle")}</p>
          <p className="mt-2">
            <FeedLink kind="reports" slug={slug} city={municipality.name} />
          </p>
        </div>
        {loaderData.signedIn && (
          <Link to={`/report/${slug}`} className="btn-danger">
            <Megaphone aria-hidden="true" className="size-4" />
            {t("reports.fileReport")}
          </Link>
        )}
      </div>
      <div className="mt-6">
        {failed ? (
          <LoadError message={t("reports.loadError")} />
        ) : items.length === 0 ? (
          <EmptyState message={t("reports.empty")} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((r) => (
              <li key={r.id} id={`report-${r.id}`}>
                <ReportCard
                  report={r}
                  serverNow={loaderData.serverNow}
                  headingLevel={2}
                  reporterLabel={r.reporterName?.trim() || t("urgent.anonymous")}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </main>
  );
}
