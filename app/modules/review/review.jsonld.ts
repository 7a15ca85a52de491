/** schema.org `AggregateRating` of a merchant's reviews, for the detail pages' JSON-LD: none without reviews. */
import type { RatingSummary } from "./review.types";

function aggregateRatingJsonLd(summary: RatingSummary | null | undefined): Record<string, unknown> | null {
  if (!summary || summary.count === 0 || summary.average === null) return null;
  return {
    "@type": "AggregateRating",
    ratingValue: summary.average.toFixed(1),
    reviewCount: summary.count,
    bestRating: 5,
    worstRating: 1,
  };
}

/** A page's JSON-LD with the merchant's rating added: on the business itself, or on an offer's seller. */
export function withAggregateRating(
  jsonLd: Record<string, unknown>,
  summary: RatingSummary | null | undefined,
): Record<string, unknown> {
  const rating = aggregateRatingJsonLd(summary);
  if (!rating) return jsonLd;
  const seller = jsonLd.seller;
  if (jsonLd["@type"] === "Offer" && seller && typeof seller === "object") {
    return { ...jsonLd, seller: { ...(seller as Record<string, unknown>), aggregateRating: rating } };
  }
  return { ...jsonLd, aggregateRating: rating };
}
