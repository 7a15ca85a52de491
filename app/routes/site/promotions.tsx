import { useTranslation } from "~/lib/i18n/react";
import { Form, useSubmit } from "react-router";
import { Link } from "~/components/link";
import { PUBLIC_PROMOTION_CATEGORIES } from "@db/schema/enums";
import {
  BackLink,
  EmptyState,
  FoundLine,
  LoadError,
  Pagination,
  PromotionCard,
  useCategoryLabel,
  useListLoading,
} from "~/components/site/cards";
import { PROMOTION_SORTS } from "~/modules/promotion";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { type PromotionCard as PromotionRow, promotionFiltersFrom } from "~/modules/promotion/index.server";
import { FeedLink } from "~/components/site/feed-links";
import { TagFilter } from "~/components/site/promotion-tags";
import { feedAlternates } from "~/modules/opendata/index.server";
import { sharedPromotionPage } from "~/modules/live/index.server";
import type { Route } from "./+types/promotions";
import { ShowExpiredToggle } from "~/components/site/show-expired";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const filters = promotionFiltersFrom(new URL(request.url));
  let result: { items: PromotionRow[]; total: number; page: number; pages: number } = {
    items: [],
    total: 0,
    page: filters.page,
    pages: 1,
  };
  let failed = false;
  try {
    // Shared by every reader of this page (guest or signed in) until a write touches the municipality.
    result = await sharedPromotionPage(municipality.id, filters);
  } catch (err) {
    failed = true;
    log("error", "promotions list failed", { err, municipality: municipality.slug });
  }
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    filters,
    ...result,
    failed,
    meta: {
      title: context.t("site:promotions.title", { city: municipality.name }),
      description: context.t("site:promotions.metaDescription", { city: municipality.name }),
      alternates: feedAlternates(["promotions"], municipality.slug, municipality.name, context.t),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const label = useCategoryLabel();
  const submit = useSubmit();
  const { municipality, filters, items, total, page, pages, failed } = loaderData;
  const slug = municipality.slug;
  const filtered = !!(
    filters.category ||
    filters.tag ||
    filters.merchant ||
    filters.q ||
    filters.expired ||
    (filters.sort !== "newest" && filters.sort !== "relevance")
  );
  // One merchant's promotions (from the merchant's page): named by its first card.
  const merchantName = filters.merchant ? (items[0]?.merchantName ?? null) : null;
  // "Best match" orders by the search's rank: offered only while searching.
  const sorts = PROMOTION_SORTS.filter((s) => s !== "relevance" || filters.q);
  const busy = useListLoading(`/promotions/${slug}`);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <BackLink to={`/${slug}`}>{t("reports.back", { city: municipality.name })}</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("promotions.title", { city: municipality.name })}
      </h1>
      <p className="mt-1 text-slate-700">
        {filters.merchant
          ? merchantName
            ? t("promotions.ofMerchant", { name: merchantName })
            : t("promotions.ofThisMerchant")
          : t("promotions.subtitle", { city: municipality.name })}
      </p>
      <p className="mt-2">
        <FeedLink kind="promotions" slug={slug} city={municipality.name} />
      </p>

      <Form
        method="get"
        role="search"
        // key: a "clear filters" navigation resets the uncontrolled fields
        key={`${filters.category}|${filters.tag}|${filters.merchant}|${filters.q}|${filters.sort}|${filters.expired}`}
        className="card mt-6 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        onChange={(e) => {
          const target = e.target as HTMLElement;
          if (target.tagName === "SELECT" || (target as HTMLInputElement).type === "checkbox") submit(e.currentTarget);
        }}
      >
        {filters.merchant && <input type="hidden" name="merchant" value={filters.merchant} />}
        <div>
          <label htmlFor="promo-q" className="label">
            {t("promotions.searchLabel")}
          </label>
          <input
            id="promo-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder={t("promotions.searchPlaceholder")}
            className="input"
          />
        </div>
        <div>
          <label htmlFor="promo-category" className="label">
            {t("common.category")}
          </label>
          <select id="promo-category" name="category" defaultValue={filters.category ?? ""} className="input">
            <option value="">{t("common.allCategories")}</option>
            {PUBLIC_PROMOTION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {label(c)}
              </option>
            ))}
          </select>
        </div>
        <TagFilter value={filters.tag} />
        <div>
          <label htmlFor="promo-sort" className="label">
            {t("common.sort")}
          </label>
          <select id="promo-sort" name="sort" defaultValue={filters.sort} className="input">
            {sorts.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ShowExpiredToggle checked={filters.expired} />
          <button type="submit" className="btn-primary">
            {t("common.search")}
          </button>
          {filtered && (
            <Link to={`/promotions/${slug}`} className="btn-secondary">
              {t("common.clearFilters")}
            </Link>
          )}
        </div>
      </Form>

      <div className="mt-6" aria-busy={busy}>
        {failed ? (
          <LoadError message={t("promotions.loadError")} />
        ) : (
          <>
            <FoundLine text={t("promotions.found", { count: total })} busy={busy} />
            {items.length === 0 ? (
              <EmptyState message={t("promotions.empty")}>
                {filtered && (
                  <Link to={`/promotions/${slug}`} className="btn-secondary">
                    {t("common.clearFilters")}
                  </Link>
                )}
              </EmptyState>
            ) : (
              <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${busy ? "opacity-60" : ""}`}>
                {items.map((p) => (
                  <li key={p.id}>
                    <PromotionCard promotion={p} slug={slug} q={filters.q} />
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
