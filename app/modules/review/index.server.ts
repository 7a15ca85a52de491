/** The review module's server door. */
export { deleteReviewAsAdmin, listReviewsForAdmin, moderateReview } from "./review.admin.server";
export type { AdminReviewRow } from "./review.admin.server";
export { answerReview, deleteOwnReview, flagReview, merchantReviews, ratingSummary, saveReview } from "./review.server";
