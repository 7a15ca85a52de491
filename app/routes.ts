/** The site map: docs/product.md's route table in one file. */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { PANELS } from "./lib/http/panels";

/** A panel's sections, each `routes/<panel>/<section>.tsx` (lib/http/panels.ts lists them once). */
const sections = (panel: keyof typeof PANELS) =>
  PANELS[panel].sections.map((s) => route(s.name, `routes/${panel}/${s.name}.tsx`));

export default [
  route("healthz", "routes/api/healthz.ts"),
  route("logout", "routes/account/logout.ts"),
  // A prepared data export: JSON or HTML, for its subject or the administrator who asked.
  route("profile/export/:exportId/:format", "routes/account/export-download.ts"),
  route("profile/push", "routes/account/push.ts"),
  // Machine-readable public data: feeds per municipality and the versioned open-data API.
  route("feeds/:municipality/:file", "routes/api/feed.ts"),
  route("api/v1/:resource", "routes/api/v1.ts"),
  // Open311 GeoReport v2 for the towns' own systems: discovery, services, requests (read; POST with an API key).
  route("open311/v2/*", "routes/api/open311.ts"),
  // Views and clicks of promotion and event pages: counted in memory, written in batches.
  route("api/beacon", "routes/api/beacon.ts"),
  // Reviews of a merchant: write, edit, delete, answer, flag (POST only; the merchant page shows them).
  route("reviews/:merchantId", "routes/api/reviews.ts"),
  // Development only (404 in production): every email template rendered.
  route("dev/mail", "routes/api/dev-mail.ts"),
  // Uploaded images: the upload of an image field, and every variant at its content address.
  route("media/upload", "routes/api/media-upload.ts"),
  route("media/:file", "routes/api/media.ts"),
  route("manifest.webmanifest", "routes/api/manifest.ts"),

  layout("routes/site/layout.tsx", [
    index("routes/site/landing.tsx"),
    route("promotions/:municipality", "routes/site/promotions.tsx"),
    route("promotions/:municipality/:promotionId", "routes/site/promotion-detail.tsx"),
    route("events/:municipality", "routes/site/events.tsx"),
    route("events/:municipality/:eventId", "routes/site/event-detail.tsx"),
    route("reports/:municipality", "routes/site/reports.tsx"),
    route("report/:municipality", "routes/site/report-new.tsx"),
    route("merchants", "routes/site/merchants.tsx"),
    route("merchants/:merchantId", "routes/site/merchant-detail.tsx"),
    route("about-us", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("privacy-policy", "routes/site/privacy.tsx"),
    route("terms-of-service", "routes/site/terms.tsx"),
    route("login", "routes/account/login.tsx"),
    route("register", "routes/account/register.tsx"),
    route("profile", "routes/account/profile.tsx"),
    route("account-deleted", "routes/account/account-deleted.tsx"),
    route("forgot-password", "routes/account/forgot-password.tsx"),
    route("reset-password", "routes/account/reset-password.tsx"),
    route("verify-email", "routes/account/verify-email.tsx"),
    route("my-reports", "routes/account/my-reports.tsx"),
    route("my-favourites", "routes/account/my-favourites.tsx"),
    route("my-vouchers", "routes/account/my-vouchers.tsx"),
    route("my-vouchers/:voucherId", "routes/account/voucher.tsx"),
    route("alerts/:municipality", "routes/account/alerts.tsx"),
    route("newsletter", "routes/site/newsletter.tsx"),
    route("newsletter/confirm", "routes/site/newsletter-confirm.tsx"),
    route("unsubscribe", "routes/site/unsubscribe.tsx"),
    route("offline", "routes/site/offline.tsx"),
    route("404", "routes/site/not-found.tsx", { id: "not-found" }),
    // A single segment that is none of the fixed routes above (static segments always rank first).
    route(":municipality", "routes/site/municipality.tsx"),
    route("*", "routes/site/not-found.tsx", { id: "catch-all" }),
  ]),

  route("merchant", "routes/merchant/layout.tsx", [index("routes/merchant/index.ts"), ...sections("merchant")]),

  // The admin pickers' JSON search, outside the panel layout: a resource route.
  route("admin/lookup/:kind", "routes/admin/lookup.ts"),
  // Marking an approved report resolved: a resource route of its own, posted by the reports screen's button.
  route("admin/reports/resolve", "routes/admin/report-resolve.ts"),

  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    ...sections("admin"),
    route("users/:userId/privacy", "routes/admin/user-privacy.tsx"),
    route("reports/:reportId", "routes/admin/report-detail.tsx"),
  ]),
] satisfies RouteConfig;
