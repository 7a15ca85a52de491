/** The metrics module's server door: what routes, the server and other modules may use of it on the server. */
export { activitiesToday, merchantMetrics, recordBeacon } from "./metrics.server";
