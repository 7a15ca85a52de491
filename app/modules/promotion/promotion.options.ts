/** The sort orders of the public promotions list, shared by the page (client) and the query (server). */
export const PROMOTION_SORTS = ["newest", "ending", "title"] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];
