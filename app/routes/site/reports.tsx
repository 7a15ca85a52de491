import { Megaphone } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { BackLink, EmptyState, LoadError, Pagination } from "~/components/site/cards";
import { ReportCard } from "~/components/site/urgent-panel";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import {
  type PublicReport,
  type ReportMarker,
  approvedReportMarkers,
  approvedReportPage,
  listApprovedReports,
} from "~/modules/report/index.server";
import { mapTiles } from "~/modules/settings/index.server";
import { mapViewOf } from "~/lib/geo/tiles";
import { ReportsMap, useFocusReportInList } from "~/components/map/reports-map";
import { FeedLink } from "~/components/site/feed-links";
import { feedAlternates } from "~/modules/opendata/index.server";
import { municipalityRead } from "~/modules/live/index.server";
import type { Route } from "./+types/reports";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const search = new URL(request.url).searchParams;
  const pageRaw = Number.parseInt(search.get("page") ?? "1", 10);
  let page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 1000) : 1;
  let result: { items: PublicReport[]; total: number; page: number; pages: number } = {
    items: [],
    total: 0,
    page,
    pages: 1,
  };
  let failed = false;
  let markers: ReportMarker[] = [];
  try {
    // A map marker's link (?report=<id>) opens the list on the page that report is on.
    const linked = search.get("report");
    if (linked && !search.has("page")) {
      page = (await municipalityRead(municipality.id, () => approvedReportPage(municipality.id, linked))) ?? 1;
    }
    [result, markers] = await municipalityRead(municipality.id, () =>
      Promise.all([listApprovedReports(municipality.id, page), approvedReportMarkers(municipality.id)]),
    );
  } catch (err) {
    failed = true;
    log("error", "reports list failed", { err, municipality: municipality.slug });
  }
  const actor = await context.getActor();
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    ...result,
    markers,
    // The map is drawn only when some report has a place: no tile server is contacted otherwise.
    map: markers.length ? { view: mapViewOf(municipality), tiles: await mapTiles() } : null,
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
  useFocusReportInList();
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
      {loaderData.map && (
        <ReportsMap
          markers={loaderData.markers}
          view={loaderData.map.view}
          tiles={loaderData.map.tiles}
          city={municipality.name}
          slug={slug}
          serverNow={loaderData.serverNow}
        />
      )}
      <div className="mt-6">
        {failed ? (
          <LoadError message={t("reports.loadError")} />
        ) : items.length === 0 ? (
          <EmptyState message={t("reports.empty")} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((r) => (
              <li key={r.id} id={`report-${r.id}`} tabIndex={-1} className="rounded-xl">
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
