/** The opendata module's server door: what routes, the server and other modules may use of it on the server. */
export { ApiError, GEO_RESOURCES, RESOURCES, listResource, parseListParams } from "./api.server";
export type { Resource } from "./api.server";
export { eventsCalendar, feedAlternates, promotionsFeed, reportsFeed } from "./feeds.server";
