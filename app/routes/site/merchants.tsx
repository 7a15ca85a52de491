import { useTranslation } from "~/lib/i18n/react";
import { Form, useSubmit } from "react-router";
import { Link } from "~/components/link";
import { MERCHANT_CATEGORIES } from "@db/schema/enums";
import {
  EmptyState,
  FoundLine,
  LoadError,
  Pagination,
  useCategoryLabel,
  useListLoading,
} from "~/components/site/cards";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import {
  type DirectoryMerchant,
  type MerchantMarker,
  directoryMarkers,
  listDirectory,
  merchantFiltersFrom,
} from "~/modules/merchant/index.server";
import { findActiveMunicipality, listActiveMunicipalities } from "~/modules/municipality/index.server";
import { mapTiles } from "~/modules/settings/index.server";
import { mapViewOf } from "~/lib/geo/tiles";
import { MerchantCards } from "~/components/site/merchant-directory";
import { MerchantsMap } from "~/components/map/merchants-map";
import type { Route } from "./+types/merchants";

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = merchantFiltersFrom(new URL(request.url));
  let result: { items: DirectoryMerchant[]; total: number; page: number; pages: number } = {
    items: [],
    total: 0,
    page: filters.page,
    pages: 1,
  };
  let failed = false;
  const [list, towns, markers] = await Promise.all([
    listDirectory(filters).catch((err) => {
      failed = true;
      log("error", "merchant directory failed", { err });
      return result;
    }),
    listActiveMunicipalities(context.locale).catch((err) => {
      log("error", "merchant directory: municipalities failed", { err });
      return [];
    }),
    // A town chosen: its merchants with a pin, for the map above the list (the list works without them).
    directoryMarkers(filters).catch((err): MerchantMarker[] => {
      log("error", "merchant directory: map markers failed", { err });
      return [];
    }),
  ]);
  result = list;
  const town = towns.find((m) => m.slug === filters.municipality) ?? null;
  const townRow = town && markers.length ? await findActiveMunicipality(town.slug) : null;
  return {
    filters,
    ...result,
    failed,
    municipalities: towns.map(({ name, slug }) => ({ name, slug })),
    town: town ? { name: town.name, slug: town.slug } : null,
    // The map is drawn only when some merchant of the town has a pin: no tile server is contacted otherwise.
    map: townRow ? { markers, view: mapViewOf(townRow), tiles: await mapTiles() } : null,
    meta: {
      title: town ? context.t("site:merchants.titleIn", { city: town.name }) : context.t("site:merchants.title"),
      description: context.t("site:merchants.metaDescription"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Merchants({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const label = useCategoryLabel();
  const submit = useSubmit();
  const { filters, items, total, page, pages, failed, town, map } = loaderData;
  const filtered = !!(filters.q || filters.category || filters.municipality);
  const busy = useListLoading("/merchants");

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {town ? t("merchants.titleIn", { city: town.name }) : t("merchants.title")}
      </h1>
      <p className="mt-1 text-slate-700">{t("merchants.subtitle")}</p>

      <Form
        method="get"
        role="search"
        key={`${filters.q}|${filters.category}|${filters.municipality}`}
        className="card mt-6 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
        onChange={(e) => {
          if ((e.target as HTMLElement).tagName === "SELECT") submit(e.currentTarget);
        }}
      >
        <div>
          <label htmlFor="merchant-q" className="label">
            {t("merchants.searchLabel")}
          </label>
          <input
            id="merchant-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder={t("merchants.searchPlaceholder")}
            className="input"
          />
        </div>
        <div>
          <label htmlFor="merchant-category" className="label">
            {t("common.category")}
          </label>
          <select id="merchant-category" name="category" defaultValue={filters.category ?? ""} className="input">
            <option value="">{t("common.allCategories")}</option>
            {MERCHANT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {label(c)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="merchant-municipality" className="label">
            {t("merchants.municipality")}
          </label>
          <select
            id="merchant-municipality"
            name="municipality"
            defaultValue={filters.municipality ?? ""}
            className="input"
          >
            <option value="">{t("merchants.allMunicipalities")}</option>
            {loaderData.municipalities.map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t("common.search")}
          </button>
          {filtered && (
            <Link to="/merchants" className="btn-secondary">
              {t("common.clearFilters")}
            </Link>
          )}
        </div>
      </Form>

      {map && town && !failed && (
        <MerchantsMap markers={map.markers} view={map.view} tiles={map.tiles} city={town.name} />
      )}

      <div className="mt-6">
        {failed ? (
          <LoadError message={t("merchants.loadError")} />
        ) : (
          <>
            <FoundLine text={t("merchants.found", { count: total })} busy={busy} />
            {items.length === 0 ? (
              <EmptyState message={t("merchants.empty")}>
                <Link to="/merchants" className="btn-secondary">
                  {t("common.clearFilters")}
                </Link>
              </EmptyState>
            ) : (
              <MerchantCards items={items} q={filters.q} busy={busy} />
            )}
            <Pagination page={page} pages={pages} />
          </>
        )}
      </div>
    </main>
  );
}
