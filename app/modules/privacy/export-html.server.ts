/**
 * The readable summary of a data export: one self-contained HTML page in the account's language, with the same
 * content as the JSON file (which stays the complete, machine-readable copy). Each part of the export is a
 * section below: its rows and which of their fields to show.
 */
import {
  CATEGORIES,
  REPORT_REJECTION_REASONS,
  REPORT_TYPES,
  ROLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
} from "@db/schema/enums";
import { formatClock, formatDate, formatDateTime, formatPriceText } from "~/lib/i18n/format";
import { type QualifiedKey, oneOf } from "~/lib/i18n/keys";
import { type Locale, isLocale } from "~/lib/i18n";
import { discountText } from "~/modules/promotion";
import { SIGN_IN_EVENTS } from "./collect.server";
import { serverT } from "~/lib/i18n/locale.server";
import type { TFunction } from "~/lib/i18n/translator";
import type { UserData } from "./collect.server";

type Row = Record<string, unknown>;
type Section = { id: string; title: QualifiedKey; rows: (d: UserData) => Row[] | null; fields: string[] };

const SECTIONS: Section[] = [
  {
    id: "reports",
    title: "account:privacy.file.reports",
    rows: (d) => d.reports,
    fields: [
      "municipality",
      "type",
      "description",
      "status",
      "moderationReason",
      "moderationNote",
      "imageUrl",
      "createdAt",
      "moderatedAt",
    ],
  },
  {
    id: "follows",
    title: "account:privacy.file.follows",
    rows: (d) => d.follows,
    fields: ["municipality", "urgentAlerts", "weeklyDigest", "createdAt"],
  },
  {
    id: "push",
    title: "account:privacy.file.pushDevices",
    rows: (d) => d.pushDevices,
    fields: ["pushService", "device", "createdAt", "lastSentAt"],
  },
  {
    id: "reviews",
    title: "account:privacy.file.reviews",
    rows: (d) => d.reviews,
    fields: ["merchant", "rating", "text", "verified", "status", "answer", "createdAt", "updatedAt"],
  },
  {
    id: "favourites",
    title: "account:privacy.file.favourites",
    rows: (d) => d.favourites,
    fields: ["kind", "title", "savedAt"],
  },
  {
    id: "newsletter",
    title: "account:privacy.file.newsletter",
    rows: (d) => d.newsletterSubscriptions,
    fields: ["municipality", "email", "status", "confirmedAt", "createdAt"],
  },
  {
    id: "contact",
    title: "account:privacy.file.contactMessages",
    rows: (d) => d.contactMessages,
    fields: ["subject", "message", "name", "email", "createdAt"],
  },
  {
    id: "event-attendances",
    title: "account:privacy.file.eventAttendances",
    rows: (d) => d.eventAttendances,
    fields: ["title", "municipality", "venue", "startDate", "createdAt"],
  },
  {
    id: "merchant",
    title: "account:privacy.file.merchant",
    rows: (d) => (d.merchant ? [d.merchant] : null),
    fields: [
      "businessName",
      "businessEmail",
      "vatNumber",
      "address",
      "phoneNumber",
      "websiteUrl",
      "facebookUrl",
      "instagramUrl",
      "openingHours",
      "category",
      "logoUrl",
      "createdAt",
    ],
  },
  {
    id: "promotions",
    title: "account:privacy.file.promotions",
    rows: (d) => d.merchant?.promotions ?? null,
    fields: [
      "title",
      "description",
      "category",
      "price",
      "originalPrice",
      "discount",
      "validUntil",
      "imageUrl",
      "createdAt",
    ],
  },
  {
    id: "events",
    title: "account:privacy.file.events",
    rows: (d) => d.merchant?.events ?? null,
    fields: ["title", "description", "venue", "startDate", "time", "price", "imageUrl", "createdAt"],
  },
  {
    id: "subscriptions",
    title: "account:privacy.file.subscriptions",
    rows: (d) => d.subscriptions,
    fields: ["tier", "status", "startDate", "endDate"],
  },
  { id: "images", title: "account:privacy.file.images", rows: (d) => d.images, fields: ["url", "createdAt"] },
  {
    id: "vouchers",
    title: "account:privacy.file.vouchers",
    rows: (d) => d.vouchers,
    fields: ["promotion", "merchant", "code", "validUntil", "claimedAt", "redeemedAt"],
  },
  {
    id: "sign-ins",
    title: "account:privacy.file.signIns",
    rows: (d) => d.signInHistory,
    fields: ["at", "event", "ip"],
  },
  {
    id: "sessions",
    title: "account:privacy.file.sessions",
    rows: (d) => d.activeSessions,
    fields: ["createdAt", "expiresAt", "ipAddress", "userAgent"],
  },
  {
    id: "activity",
    title: "account:privacy.file.activity",
    rows: (d) => d.activity,
    fields: ["at", "event", "description"],
  },
];

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Calendar dates stored without a time ("2026-03-14"): shown as dates, with no time-zone shift. */
const DATE_FIELDS = new Set(["startDate", "endDate", "validUntil"]);
const SIGN_IN_LABELS = {
  "auth.sign_in": "signIn",
  "auth.sign_in_failed": "signInFailed",
  "auth.sign_out": "signOut",
  "auth.password_reset_requested": "passwordReset",
} as const satisfies Record<(typeof SIGN_IN_EVENTS)[number], string>;

/** A stored code (a role, a report type, a status) in the reader's language, or null when it is none we know. */
function codeLabel(t: TFunction, section: string, field: string, v: string): string | null {
  const known = <T extends string>(values: readonly T[]) => oneOf(values, v);
  switch (field) {
    case "role": {
      const role = known(ROLES);
      return role ? t(`admin:roles.${role}`) : null;
    }
    case "language":
      return isLocale(v) ? t(`common:contentLanguage.names.${v}`) : null;
    case "type": {
      const type = known(REPORT_TYPES);
      return type ? t(`site:reportTypes.${type}`) : null;
    }
    case "moderationReason": {
      const reason = known(REPORT_REJECTION_REASONS);
      return reason ? t(`site:reportReasons.${reason}`) : null;
    }
    case "category": {
      const category = known(CATEGORIES);
      return category ? t(`site:categories.${category}`) : null;
    }
    case "tier": {
      const tier = known(SUBSCRIPTION_TIERS);
      return tier ? t(`admin:subscriptions.tiers.${tier}`) : null;
    }
    case "kind": {
      const kind = known(["promotion", "event"] as const);
      return kind ? t(`account:favourites.kind.${kind}`) : null;
    }
    case "event": {
      const event = known(SIGN_IN_EVENTS);
      return event ? t(`account:privacy.file.values.${SIGN_IN_LABELS[event]}`) : null;
    }
    case "status":
      return statusLabel(t, section, v);
    default:
      return null;
  }
}

function statusLabel(t: TFunction, section: string, v: string): string | null {
  if (section === "reports") {
    const status = oneOf(["pending", "approved", "rejected"] as const, v);
    return status ? t(`account:myReports.status.${status}`) : null;
  }
  if (section === "subscriptions") {
    const status = oneOf(SUBSCRIPTION_STATUSES, v);
    return status ? t(`admin:subscriptions.statuses.${status}`) : null;
  }
  if (section === "reviews") {
    const status = oneOf(["published", "hidden"] as const, v);
    return status ? t(`admin:reviews.statuses.${status}`) : null;
  }
  if (section === "newsletter") {
    const status = oneOf(["pending", "confirmed"] as const, v);
    return status ? t(`account:privacy.file.values.newsletter.${status}`) : null;
  }
  return null;
}

/**
 * One field's value as the reader reads it: times in Brussels time and dates in their language's format, prices
 * and discounts in their number format, codes (roles, types, statuses) translated, yes/no in words.
 */
function renderValue(t: TFunction, locale: Locale, section: string, field: string, row: Row): string {
  const v = row[field];
  if (field === "discount") {
    const text = discountText(row as Parameters<typeof discountText>[0], locale, (value) =>
      t("common:discount.off", { value }),
    );
    return text ? esc(text) : `<span class="none">—</span>`;
  }
  if (v === null || v === undefined || v === "") return `<span class="none">—</span>`;
  if (typeof v === "boolean") return esc(t(v ? "account:privacy.file.yes" : "account:privacy.file.no"));
  if (v instanceof Date) return esc(formatDateTime(v, locale));
  if (typeof v === "string") {
    if (DATE_FIELDS.has(field) && /^\d{4}-\d{2}-\d{2}$/.test(v)) return esc(formatDate(v, locale));
    if (field === "time") return esc(formatClock(v, locale));
    if (field === "price" || field === "originalPrice") return esc(formatPriceText(v, locale));
    const label = codeLabel(t, section, field, v);
    if (label !== null) return esc(label);
  }
  if (field === "openingHours" && Array.isArray(v))
    return esc((v as { day: string; hours: string }[]).map((h) => `${h.day}: ${h.hours}`).join(", "));
  if (typeof v === "object") return esc(JSON.stringify(v));
  return esc(String(v));
}

function renderTable(t: TFunction, locale: Locale, section: string, row: Row, fields: string[]): string {
  const cells = fields.map((f) => {
    const label = esc(t(`account:privacy.file.fields.${f}` as QualifiedKey));
    return `<tr><th scope="row">${label}</th><td>${renderValue(t, locale, section, f, row)}</td></tr>`;
  });
  return `<table>${cells.join("")}</table>`;
}

function renderSection(t: TFunction, locale: Locale, data: UserData, section: Section): string {
  const rows = section.rows(data);
  const body =
    rows === null || rows.length === 0
      ? `<p class="none">${esc(t("account:privacy.file.none"))}</p>`
      : rows.map((r) => renderTable(t, locale, section.id, r, section.fields)).join("");
  const heading = `${esc(t(section.title))} <small>(${rows?.length ?? 0})</small>`;
  return `<section id="${section.id}"><h2>${heading}</h2>${body}</section>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}
small{color:#475569;font-weight:normal}table{border-collapse:collapse;width:100%;margin:.75rem 0}
th,td{border:1px solid #e2e8f0;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{width:14rem;background:#f8fafc;font-weight:600}td{white-space:pre-wrap;word-break:break-word}.none{color:#475569}`;

export function renderExportHtml(data: UserData, locale: Locale): string {
  const t = serverT(locale);
  const account = renderTable(
    t,
    locale,
    "account",
    { ...data.account, municipality: data.municipality?.name ?? null },
    ["name", "email", "role", "language", "municipality", "createdAt", "updatedAt"],
  );
  const parts = [
    `<section id="account"><h2>${esc(t("account:privacy.file.account"))}</h2>${account}</section>`,
    ...SECTIONS.map((s) => renderSection(t, locale, data, s)),
  ];
  const title = t("account:privacy.file.title", { name: data.account.name });
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>${esc(t("account:privacy.file.intro", { date: formatDateTime(new Date(data.generatedAt), locale) }))}</p>
<p>${esc(t("account:privacy.file.timeZone"))}</p>
${parts.join("\n")}
</main>
</body>
</html>
`;
}
