/**
 * The sort orders of the public promotions list, shared by the page (client) and the query (server).
 * "relevance" (the full-text rank) is offered, and the default, only while searching.
 */
export const PROMOTION_SORTS = ["relevance", "newest", "ending", "title"] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];
