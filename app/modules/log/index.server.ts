/** The log module's server door: what routes, the server and other modules may use of it on the server. */
export { latestLogs, listLogs } from "./log.queries.server";
export type { LogRow } from "./log.queries.server";
export { recordEvent, recordEventSafely } from "./log.server";
