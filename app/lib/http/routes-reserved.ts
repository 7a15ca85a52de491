/**
 * First path segments that belong to fixed routes: a municipality slug may never equal one of them,
 * or /{municipality} would be shadowed.
 */
export const RESERVED_SLUGS = [
  "promotions",
  "events",
  "reports",
  "report",
  "merchants",
  "merchant",
  "admin",
  "about-us",
  "contact",
  "privacy-policy",
  "terms-of-service",
  "login",
  "logout",
  "register",
  "profile",
  "forgot-password",
  "reset-password",
  "verify-email",
  "my-reports",
  "my-favourites",
  "reviews",
  "my-vouchers",
  "alerts",
  "newsletter",
  "unsubscribe",
  "account-deleted",
  "feeds",
  "dev",
  "404",
  "healthz",
  "readyz",
  "metrics",
  "live",
  "api",
  "assets",
  "images",
  "favicon.ico",
  "favicon.svg",
  "robots.txt",
  "offline",
  "icons",
  "sw.js",
  "manifest.webmanifest",
] as const;

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug.toLowerCase());
}

/** docs/product.md: a link that needs a municipality and has none falls back to amsterdam. */
const FALLBACK_MUNICIPALITY_SLUG = "amsterdam";

export function municipalitySlugOr(slug: string | null | undefined): string {
  return slug?.trim() ? slug : FALLBACK_MUNICIPALITY_SLUG;
}

/** docs/product.md landing page: lowercase, spaces become hyphens. */
export function toSlug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, "-");
}
