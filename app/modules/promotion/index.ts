/** The promotion module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { PROMOTION_SORTS } from "./promotion.options";
export { can } from "./promotion.policy";
export { TAGS_POSTED, initialPricingMode, tagFieldName } from "./promotion.schema";
export type { PricingMode } from "./promotion.schema";
export { discountColumns, discountInputText, discountText } from "./promotion.discount";
export type { DiscountFields } from "./promotion.discount";
