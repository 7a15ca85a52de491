import { Bell, Star } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { HydrationBoundary } from "~/components/hydration-boundary";
import { EventCard, PromotionCard, SectionHeading } from "~/components/site/cards";
import { LiveUpdates } from "~/components/site/live-updates";
import { UrgentPanel } from "~/components/site/urgent-panel";
import { FiledReportBanner } from "~/components/site/report-form-parts";
import { FeaturedMerchants, MunicipalityCounters, MunicipalityTitle } from "~/components/site/municipality-home";
import { useLiveStream } from "~/components/site/use-live-stream";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import type { LiveUpdate, MunicipalityCounts } from "~/modules/live/index.server";
import {
  sharedHomeEvents,
  sharedHomePromotions,
  sharedHomeReports,
  sharedFeaturedMerchants,
  sharedHomeSnapshot,
  forGuest,
} from "~/modules/live/index.server";
import type { PromotionCard as PromotionRow } from "~/modules/promotion/index.server";
import type { PublicReport } from "~/modules/report/index.server";
import type { EventCard as EventRow } from "~/modules/event/index.server";
import type { FeaturedMerchant } from "~/modules/merchant/index.server";
import { FeedLink } from "~/components/site/feed-links";
import { feedAlternates } from "~/modules/opendata/index.server";
import { findFollow } from "~/modules/notification/index.server";
import type { Route } from "./+types/municipality";

/** A failing count or list is logged and the page renders with zeros or an empty list. */
async function orFallback<T>(what: string, fallback: T, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    log("error", `municipality home: ${what} failed`, { err });
    return fallback;
  }
}

/** The service worker keeps the last municipality home a reader opened, to show it offline. */
export const headers: Route.HeadersFunction = () => ({ "X-Offline": "keep", "X-Offline-Kind": "home" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const actor = await context.getActor();
  const id = municipality.id;
  const zero: MunicipalityCounts = { members: 0, merchants: 0, promotions: 0, events: 0 };
  // Four reads in parallel (five for a signed-in user: the urgent panel is only read for them), each shared
  // by every reader of this municipality until a write touches it (modules/live/shared-data.server.ts).
  const [{ counts, live, cursor }, reports, promotions, events, featured, follow] = await Promise.all([
    orFallback(
      "counts and live updates",
      { counts: zero, live: [] as LiveUpdate[], cursor: null as string | null },
      () => sharedHomeSnapshot(id),
    ),
    actor
      ? orFallback<PublicReport[]>("reports", [], () => sharedHomeReports(id))
      : Promise.resolve([] as PublicReport[]),
    orFallback<PromotionRow[]>("promotions", [], () => sharedHomePromotions(id)),
    orFallback<EventRow[]>("events", [], () => sharedHomeEvents(id)),
    // Every premium merchant of the town, not only those with one of the promotions shown.
    orFallback<FeaturedMerchant[]>("featured merchants", [], () => sharedFeaturedMerchants(id)),
    // Whether the reader already follows this town: the alerts button then says so.
    actor ? orFallback("follow", null, () => findFollow(actor, id)) : Promise.resolve(null),
  ]);
  return {
    municipality: { name: municipality.name, slug: municipality.slug, logoUrl: municipality.logoUrl },
    signedIn: !!actor,
    following: !!follow,
    counts,
    // A guest is not told new residents' names.
    live: actor ? live : live.map(forGuest),
    /** Where the live stream starts: the last live event this page's data includes. */
    liveCursor: cursor,
    reports,
    promotions,
    events,
    featured,
    serverNow: new Date().toISOString(),
    meta: {
      title: context.t("site:municipalityHome.title", { city: municipality.name }),
      description: context.t("site:municipalityHome.metaDescription", { city: municipality.name }),
      alternates: feedAlternates(["promotions", "events", "reports"], municipality.slug, municipality.name, context.t),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function MunicipalityHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { municipality, counts, promotions, events, featured } = loaderData;
  // The server-rendered lists, then what the live stream brings while the page is open (without JavaScript
  // the server-rendered lists stay as they are).
  const stream = useLiveStream({
    slug: municipality.slug,
    cursor: loaderData.liveCursor,
    live: loaderData.live,
    reports: loaderData.reports,
    signedIn: loaderData.signedIn,
  });
  const slug = municipality.slug;
  const city = municipality.name;
  const exclusive = promotions.filter((p) => p.isPremium);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <FiledReportBanner />
      <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div>
          <MunicipalityTitle title={t("municipalityHome.title", { city })} logoUrl={municipality.logoUrl} />
          <p className="mt-2 max-w-3xl text-slate-700">{t("municipalityHome.intro", { city })}</p>
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
            <FeedLink kind="promotions" slug={slug} city={city} />
            <FeedLink kind="events" slug={slug} city={city} />
            <FeedLink kind="reports" slug={slug} city={city} />
          </p>
        </div>
        <Link to={`/alerts/${slug}`} className={loaderData.following ? "btn-secondary" : "btn-primary"}>
          <Bell aria-hidden="true" className="size-4" />
          {loaderData.following ? t("municipalityHome.alertsOn", { city }) : t("municipalityHome.getAlerts")}
        </Link>
      </header>

      <MunicipalityCounters counts={counts} slug={slug} city={city} />

      <HydrationBoundary>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <LiveUpdates items={stream.live} slug={slug} serverNow={loaderData.serverNow} />
          <UrgentPanel
            reports={stream.reports}
            signedIn={loaderData.signedIn}
            slug={slug}
            serverNow={loaderData.serverNow}
          />
        </div>
      </HydrationBoundary>

      <FeaturedMerchants featured={featured} />

      <HydrationBoundary>
        <section aria-labelledby="promotions-title" className="mt-12">
          <SectionHeading
            id="promotions-title"
            title={t("municipalityHome.promotionsTitle")}
            action={
              <Link to={`/promotions/${slug}`} className="link text-sm">
                {t("municipalityHome.allPromotions")}
              </Link>
            }
          />
          {exclusive.length > 0 && (
            <p className="-mt-2 mb-4 inline-flex items-center gap-1 text-sm text-slate-700">
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
              {t("municipalityHome.exclusiveTitle")}: {exclusive.length}
            </p>
          )}
          {promotions.length === 0 ? (
            <p className="card p-6 text-slate-700">{t("municipalityHome.promotionsEmpty", { city })}</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {promotions.map((p) => (
                <li key={p.id}>
                  <PromotionCard promotion={p} slug={slug} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </HydrationBoundary>

      <HydrationBoundary>
        <section aria-labelledby="events-title" className="mt-12">
          <SectionHeading
            id="events-title"
            title={t("municipalityHome.eventsTitle")}
            action={
              <Link to={`/events/${slug}`} className="link text-sm">
                {t("municipalityHome.allEvents")}
              </Link>
            }
          />
          {events.length === 0 ? (
            <p className="card p-6 text-slate-700">{t("municipalityHome.eventsEmpty", { city })}</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {events.map((e) => (
                <li key={e.id}>
                  <EventCard event={e} slug={slug} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </HydrationBoundary>
    </main>
  );
}
