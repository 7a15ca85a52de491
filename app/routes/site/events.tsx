import { useTranslation } from "~/lib/i18n/react";
import { Form, useSubmit } from "react-router";
import { Link } from "~/components/link";
import { PUBLIC_EVENT_CATEGORIES } from "@db/schema/enums";
import {
  BackLink,
  CategoryIcon,
  EmptyState,
  EventCard,
  FoundLine,
  LoadError,
  Pagination,
  useCategoryLabel,
  useListLoading,
} from "~/components/site/cards";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { type EventCard as EventRow, eventFiltersFrom, listPublicEvents } from "~/modules/event/index.server";
import { FeedLink } from "~/components/site/feed-links";
import { feedAlternates } from "~/modules/opendata/index.server";
import { municipalityRead } from "~/modules/live/index.server";
import type { Route } from "./+types/events";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const filters = eventFiltersFrom(new URL(request.url));
  let result: { items: EventRow[]; total: number; page: number; pages: number } = {
    items: [],
    total: 0,
    page: filters.page,
    pages: 1,
  };
  let failed = false;
  try {
    result = await municipalityRead(municipality.id, () => listPublicEvents(municipality.id, filters));
  } catch (err) {
    failed = true;
    log("error", "events list failed", { err, municipality: municipality.slug });
  }
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    filters,
    ...result,
    failed,
    meta: {
      title: context.t("site:events.title", { city: municipality.name }),
      description: context.t("site:events.metaDescription", { city: municipality.name }),
      alternates: feedAlternates(["events"], municipality.slug, municipality.name, context.t),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const label = useCategoryLabel();
  const submit = useSubmit();
  const { municipality, filters, items, total, page, pages, failed } = loaderData;
  const slug = municipality.slug;
  const filtered = !!(filters.category || filters.when !== "upcoming");
  const busy = useListLoading(`/events/${slug}`);
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const next = { category: filters.category, when: filters.when === "past" ? "past" : null, ...changes };
    for (const [k, v] of Object.entries(next)) if (v) params.set(k, v);
    const qs = params.toString();
    return `/events/${slug}${qs ? `?${qs}` : ""}`;
  };

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <BackLink to={`/${slug}`}>{t("reports.back", { city: municipality.name })}</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("events.title", { city: municipality.name })}
      </h1>
      <p className="mt-1 text-slate-700">{t("events.subtitle")}</p>
      <p className="mt-2">
        <FeedLink kind="events" slug={slug} city={municipality.name} />
      </p>

      <nav aria-label={t("common.category")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={withParams({ category: null })}
              aria-current={!filters.category ? "page" : undefined}
              className={`inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium ${
                !filters.category
                  ? "bg-brand-600 text-white"
                  : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
              }`}
            >
              {t("common.allCategories")}
            </Link>
          </li>
          {PUBLIC_EVENT_CATEGORIES.map((c) => (
            <li key={c}>
              <Link
                to={withParams({ category: c })}
                aria-current={filters.category === c ? "page" : undefined}
                className={`inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium ${
                  filters.category === c
                    ? "bg-brand-600 text-white"
                    : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                }`}
              >
                <CategoryIcon category={c} />
                {label(c)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" onChange={(e) => submit(e.currentTarget)}>
        {filters.category && <input type="hidden" name="category" value={filters.category} />}
        <div>
          <label htmlFor="events-when" className="label">
            {t("events.when")}
          </label>
          <select id="events-when" name="when" defaultValue={filters.when} key={filters.when} className="input">
            <option value="upcoming">{t("events.upcoming")}</option>
            <option value="past">{t("events.past")}</option>
          </select>
        </div>
        <noscript>
          <button type="submit" className="btn-primary">
            {t("common.apply")}
          </button>
        </noscript>
        {filtered && (
          <Link to={`/events/${slug}`} className="btn-secondary">
            {t("common.clearFilters")}
          </Link>
        )}
      </Form>

      <div className="mt-6">
        {failed ? (
          <LoadError message={t("events.loadError")} />
        ) : (
          <>
            <FoundLine text={t("events.found", { count: total })} busy={busy} />
            {items.length === 0 ? (
              <EmptyState message={t("events.empty")}>
                {filtered && (
                  <Link to={`/events/${slug}`} className="btn-secondary">
                    {t("common.clearFilters")}
                  </Link>
                )}
              </EmptyState>
            ) : (
              <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
                {items.map((e) => (
                  <li key={e.id}>
                    <EventCard event={e} slug={slug} />
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
