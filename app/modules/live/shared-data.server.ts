/**
 * Data shared by every reader of a municipality's pages: the home's counters, live items, urgent
 * reports, promotions and events, and the public promotions list. The same for everyone who may see them
 * (guests or any signed-in user), so one read serves every request, guest or signed in, until a write touches
 * that municipality's rows (cache.server.ts: on any process, through the change feed). Only data is shared,
 * never HTML, and nothing here depends on who asks: what is personal (the header, the account menu) is
 * rendered per request from the request's own session. The urgent reports are shown to signed-in users only;
 * the loader decides that, not this cache.
 */
import { forMunicipality, shortCache } from "~/lib/cache/cache.server";
import { todayIso } from "~/lib/i18n/format";
import { type EventCard, homeEvents } from "~/modules/event/index.server";
import { type FeaturedMerchant, featuredMerchants } from "~/modules/merchant/index.server";
import {
  type PromotionCard,
  type PromotionFilters,
  homePromotions,
  listPublicPromotions,
} from "~/modules/promotion/index.server";
import { type PublicReport, homeReports } from "~/modules/report/index.server";
import { type LiveUpdate, type MunicipalityCounts, homeSnapshot } from "./live.server";

type Snapshot = { counts: MunicipalityCounts; live: LiveUpdate[]; cursor: string };
type PromotionPage = Awaited<ReturnType<typeof listPublicPromotions>>;

const snapshots = shortCache<Snapshot>({ max: 500 });
const reports = shortCache<PublicReport[]>({ max: 500 });
const promotions = shortCache<PromotionCard[]>({ max: 500 });
const events = shortCache<EventCard[]>({ max: 500 });
const featured = shortCache<FeaturedMerchant[]>({ max: 500 });
const promotionPages = shortCache<PromotionPage>({ max: 2000 });

/** Counters, live items and the live stream's cursor (counted "today" in the server's calendar). */
export function sharedHomeSnapshot(municipalityId: string): Promise<Snapshot> {
  const today = todayIso();
  return snapshots.get(
    `${municipalityId}|${today}`,
    () => homeSnapshot(municipalityId, today),
    undefined,
    municipalityId,
  );
}

export function sharedHomeReports(municipalityId: string): Promise<PublicReport[]> {
  return reports.get(municipalityId, () => homeReports(municipalityId), undefined, municipalityId);
}

export function sharedHomePromotions(municipalityId: string): Promise<PromotionCard[]> {
  const today = todayIso();
  return promotions.get(`${municipalityId}|${today}`, () => homePromotions(municipalityId), undefined, municipalityId);
}

export function sharedHomeEvents(municipalityId: string): Promise<EventCard[]> {
  const today = todayIso();
  return events.get(`${municipalityId}|${today}`, () => homeEvents(municipalityId), undefined, municipalityId);
}

/** Every premium merchant of the municipality (not only those with a promotion on the home). */
export function sharedFeaturedMerchants(municipalityId: string): Promise<FeaturedMerchant[]> {
  return featured.get(municipalityId, () => featuredMerchants(municipalityId), undefined, municipalityId);
}

/** One page of the public promotions list, keyed on every filter (and the day: "ending soon" sorts on it). */
export function sharedPromotionPage(municipalityId: string, filters: PromotionFilters): Promise<PromotionPage> {
  const key = JSON.stringify([
    municipalityId,
    todayIso(),
    filters.category,
    filters.tag,
    filters.merchant ?? null,
    filters.q,
    filters.sort,
    filters.page,
    filters.expired,
  ]);
  return promotionPages.get(key, () => listPublicPromotions(municipalityId, filters), undefined, municipalityId);
}

/** Reads filtered on one municipality, counted for that municipality only (no cache of their own). */
export function municipalityRead<T>(municipalityId: string, fn: () => Promise<T>): Promise<T> {
  return forMunicipality(municipalityId, fn);
}
