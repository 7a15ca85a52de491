/** The live module's server door: what routes, the server and other modules may use of it on the server. */
export { forGuest, latestLiveCursor, liveEventsAfter } from "./live.server";
export type { LiveEventRow, LiveUpdate, MunicipalityCounts } from "./live.server";
export {
  municipalityRead,
  sharedFeaturedMerchants,
  sharedHomeEvents,
  sharedHomePromotions,
  sharedHomeReports,
  sharedHomeSnapshot,
  sharedPromotionPage,
} from "./shared-data.server";
