/**
 * SPEC §9 fixed placeholders, in one place. They are shown as the spec says until real data exists, labelled
 * as examples where a visitor could take them for real figures; nothing else in the code may hard-code these
 * values. Replaced by real counts (issue #17): the merchant dashboard's "Total Clicks (Mock) 1234" and the admin
 * dashboard's "platform activities today" (app/modules/metrics); the promotion detail's redeemed count by the
 * real voucher claims (app/modules/voucher).
 */
export const PLACEHOLDERS = {
  /** Promotion detail and event merchant card. */
  rating: 4.8,
  /** Admin dashboard: monthly revenue in euros (hard-coded in the spec; no payments are recorded). */
  monthlyRevenueEuro: 12450,
  /** Promotion detail tag chips (translation keys under site:placeholders.promotionTags). */
  promotionTags: ["local", "limitedTime", "bestValue"],
  /** Event detail tags (translation keys under site:placeholders.eventTags). */
  eventTags: ["family", "outdoor", "local"],
  /** Event detail guidelines: 5 lines (translation keys under site:placeholders.guidelines). */
  eventGuidelines: ["arrive", "ticket", "accessible", "photos", "respect"],
  /** Gallery placeholder images: with the item's own image they make the 3 gallery images. */
  galleryImages: ["/images/demo/gallery-1.svg", "/images/demo/gallery-2.svg"],
  /** Event merchant card: hard-coded phone and website (SPEC event detail). */
  organizerPhone: "+32 11 00 00 00",
  organizerWebsite: "https://www.buurtplatform.example",
} as const;
