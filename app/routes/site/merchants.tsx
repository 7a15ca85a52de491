import { CalendarDays, MapPin, Star, Tag } from "~/components/icons";
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
import { type DirectoryMerchant, listDirectory, merchantFiltersFrom } from "~/modules/merchant/index.server";
import { listActiveMunicipalities } from "~/modules/municipality/index.server";
import type { Route } from "./+types/merchants";
import { Highlight } from "~/components/highlight";
import { Picture } from "~/components/picture";

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = merchantFiltersFrom(new URL(request.url));
  let result: { items: DirectoryMerchant[]; total: number; page: number; pages: number } = {
    items: [],
    total: 0,
    page: filters.page,
    pages: 1,
  };
  let failed = false;
  const [list, towns] = await Promise.all([
    listDirectory(filters).catch((err) => {
      failed = true;
      log("error", "merchant directory failed", { err });
      return result;
    }),
    listActiveMunicipalities(context.locale).catch((err) => {
      log("error", "merchant directory: municipalities failed", { err });
      return [];
    }),
  ]);
  result = list;
  const town = towns.find((m) => m.slug === filters.municipality) ?? null;
  return {
    filters,
    ...result,
    failed,
    municipalities: towns.map(({ name, slug }) => ({ name, slug })),
    town: town ? { name: town.name, slug: town.slug } : null,
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
  const { filters, items, total, page, pages, failed, town } = loaderData;
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
              <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
                {items.map((m) => (
                  <li key={m.id}>
                    <Link
                      to={`/merchants/${m.id}`}
                      className="group card flex h-full flex-col gap-3 p-4 transition hover:shadow-md"
                    >
                      <div className="flex items-center gap-3">
                        {m.logoUrl ? (
                          <Picture
                            src={m.logoUrl}
                            alt=""
                            width={56}
                            height={56}
                            className="size-14 shrink-0 rounded-full bg-slate-100 object-cover"
                          />
                        ) : (
                          <span
                            aria-hidden="true"
                            className="block size-14 shrink-0 rounded-full bg-slate-100 object-cover"
                          />
                        )}
                        <div className="min-w-0">
                          <h2 className="font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline">
                            <Highlight text={m.businessName} q={filters.q} />
                          </h2>
                          <p className="text-sm text-slate-700">
                            {[label(m.category), m.municipalityName].filter(Boolean).join(" · ")}
                          </p>
                        </div>
                        {m.isPremium && (
                          <span className="ml-auto inline-flex items-center gap-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                            <Star aria-hidden="true" className="size-3" />
                            {t("common.premium")}
                          </span>
                        )}
                      </div>
                      {m.address && (
                        <p className="flex items-start gap-1.5 text-sm text-slate-700">
                          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                          <span>
                            <Highlight text={m.address} q={filters.q} />
                          </span>
                        </p>
                      )}
                      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                        <span className="inline-flex items-center gap-1">
                          <Tag aria-hidden="true" className="size-4 text-brand-700" />
                          {t("merchants.promotionCount", { count: m.promotionCount })}
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <CalendarDays aria-hidden="true" className="size-4 text-brand-700" />
                          {t("merchants.eventCount", { count: m.eventCount })}
                        </span>
                      </p>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page} pages={pages} />
          </>
        )}
      </div>
    </main>
  );
}
