/** Options of the public lists shared by the pages (client) and the queries (server). */
export const PROMOTION_SORTS = ["newest", "ending", "title"] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];
