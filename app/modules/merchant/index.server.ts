/** The merchant module's server door: what routes, the server and other modules may use of it on the server. */
export { listMerchants, lookupMerchants, merchantCommands } from "./merchant.admin.server";
export type { AdminMerchantRow } from "./merchant.admin.server";
export {
  directoryMarkers,
  featuredMerchants,
  findPublicMerchant,
  listDirectory,
  merchantFiltersFrom,
} from "./merchant.queries.server";
export type { DirectoryMerchant, FeaturedMerchant, MerchantMarker, PublicMerchant } from "./merchant.queries.server";
export { getOwnMerchant, merchantDashboard, updateOwnMerchantProfile } from "./merchant.server";
export { ownedCommands } from "./owned.server";
