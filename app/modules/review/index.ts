/** The review module's door for code that also runs in the browser (schemas, limits, types, pure helpers). */
export { REVIEW_ANSWER_MAX, REVIEW_BODY_MAX, answerSchema, reviewSchema } from "./review.schema";
export { withAggregateRating } from "./review.jsonld";
export type { MerchantReviews, PublicReview, RatingSummary } from "./review.types";
