/** The metrics module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { counts } from "./metrics.policy";
export { beaconSchema } from "./metrics.schema";
export { BEACON_PATH, CLICK_KINDS } from "./metrics";
export type { DailyPoint, MetricEntity, MetricKind } from "./metrics";
