/** Enumerations of docs/product.md. Shared by the database schema, the Zod schemas and the UI. */
export const ROLES = ["user", "merchant", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const REPORT_TYPES = [
  "urgent",
  "informative",
  "fire",
  "accident",
  "theft",
  "police_check",
  "power_outage",
  "water_outage",
  "infrastructure_issue",
  "public_safety",
  "other_urgent",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** The 10 tiles of the file-report form: "urgent" appears only in lists. */
export const FILEABLE_REPORT_TYPES = REPORT_TYPES.filter((t) => t !== "urgent");

export const REPORT_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The common reasons a moderator picks from when rejecting a report (free text may be added). */
export const REPORT_REJECTION_REASONS = [
  "duplicate",
  "not_urgent",
  "insufficient_detail",
  "outside_municipality",
  "already_resolved",
  "inappropriate",
] as const;
export type ReportRejectionReason = (typeof REPORT_REJECTION_REASONS)[number];

export const PROMOTION_CATEGORIES = [
  "Food & Drink",
  "Shopping",
  "Health & Beauty",
  "Automotive",
  "Home & Garden",
  "Gaming",
  "Arts",
  "Music",
  "Community",
  "Education",
  "Restaurants",
  "Retail",
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];
/** Merchant categories are the same 12. */
export const MERCHANT_CATEGORIES = PROMOTION_CATEGORIES;
/** The public promotions filter. */
export const PUBLIC_PROMOTION_CATEGORIES = [
  "Food & Drink",
  "Shopping",
  "Health & Beauty",
  "Automotive",
  "Home & Garden",
  "Restaurants",
] as const;

export const EVENT_CATEGORIES = [
  "Music",
  "Arts",
  "Sports",
  "Gaming",
  "Community",
  "Education",
  "Business",
  "Workshop",
  "Festival",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
/**
 * The tags a merchant may give a promotion (translations: `common:promotionTags.<tag>`); the public list filters
 * on them. The database refuses any other value (migration 0020).
 */
export const PROMOTION_TAGS = [
  "family_friendly",
  "vegetarian",
  "new",
  "local_produce",
  "accessible",
  "limited_stock",
] as const;
export type PromotionTag = (typeof PROMOTION_TAGS)[number];

export const PUBLIC_EVENT_CATEGORIES = ["Music", "Arts", "Sports", "Gaming", "Community", "Education"] as const;

export const SUBSCRIPTION_TIERS = ["Free", "Basic", "Premium", "Enterprise"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const SUBSCRIPTION_STATUSES = ["active", "inactive", "cancelled", "past_due", "trialing"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Every category a merchant, promotion or event may have (their translations: `categories.<name>`). */
export const CATEGORIES = [...new Set([...PROMOTION_CATEGORIES, ...EVENT_CATEGORIES])] as (
  | PromotionCategory
  | EventCategory
)[];
export type Category = PromotionCategory | EventCategory;

/** What a visitor did on a promotion or an event page: a detail view or a click. */
export const METRIC_KINDS = ["view", "call", "directions", "website", "share"] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];
