/** A merchant's rating: the average of its published reviews (one decimal) and how many there are. */
export type RatingSummary = { average: number | null; count: number };

export type PublicReview = {
  id: string;
  rating: number;
  body: string | null;
  verified: boolean;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  answer: string | null;
  answeredAt: string | null;
  /** Only on the author's own review: whether it is hidden. */
  hidden?: boolean;
  /** Whether the signed-in reader already flagged it. */
  flagged?: boolean;
};

export type MerchantReviews = {
  summary: RatingSummary;
  reviews: PublicReview[];
  mine: PublicReview | null;
  /** What the reader may do here: write (or edit) a review, answer the reviews (the merchant itself). */
  canWrite: boolean;
  canAnswer: boolean;
};
