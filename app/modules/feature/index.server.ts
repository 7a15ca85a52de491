/** The feature module's server door: what routes, the server and other modules may use of it on the server. */
export { featureCommands, listFeatures, listPublicFeatures } from "./feature.server";
export type { FeatureRow } from "./feature.server";
