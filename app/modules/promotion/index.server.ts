/** The promotion module's server door: what routes, the server and other modules may use of it on the server. */
export {
  findPublicPromotion,
  homePromotions,
  listPublicPromotions,
  promotionFiltersFrom,
} from "./promotion.queries.server";
export type { PromotionCard, PromotionDetail, PromotionFilters } from "./promotion.queries.server";
export { listAllPromotions, listOwnPromotions, promotionCommands } from "./promotion.server";
