/**
 * The readable summary of a data export (issue #19): one self-contained HTML page in the account's language,
 * with the same content as the JSON file (which stays the complete, machine-readable copy).
 */
import { formatDate } from "~/lib/i18n/format";
import type { QualifiedKey } from "~/lib/i18n/keys";
import type { Locale } from "~/lib/i18n";
import { serverT } from "~/lib/i18n/locale.server";
import type { UserData } from "./privacy.server";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

type Row = Record<string, unknown>;

export function renderExportHtml(data: NonNullable<UserData>, locale: Locale): string {
  const t = serverT(locale);
  const label = (field: string) => t(`account:privacy.file.fields.${field}` as QualifiedKey);
  const value = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === "") return `<span class="none">—</span>`;
    if (typeof v === "boolean") return esc(t(v ? "account:privacy.file.yes" : "account:privacy.file.no"));
    if (v instanceof Date) return esc(`${formatDate(v, locale)} ${v.toISOString().slice(11, 16)} UTC`);
    if (field === "status" && (v === "pending" || v === "approved" || v === "rejected"))
      return esc(t(`account:myReports.status.${v}`));
    if (field === "openingHours" && Array.isArray(v))
      return esc((v as { day: string; hours: string }[]).map((h) => `${h.day}: ${h.hours}`).join(", "));
    if (typeof v === "object") return esc(JSON.stringify(v));
    return esc(String(v));
  };
  const table = (row: Row, fields: string[]) =>
    `<table>${fields.map((f) => `<tr><th scope="row">${esc(label(f))}</th><td>${value(f, row[f])}</td></tr>`).join("")}</table>`;
  const section = (id: string, titleKey: QualifiedKey, rows: Row[] | null, fields: string[]) => {
    const body =
      rows === null || rows.length === 0
        ? `<p class="none">${esc(t("account:privacy.file.none"))}</p>`
        : rows.map((r) => table(r, fields)).join("");
    return `<section id="${id}"><h2>${esc(t(titleKey))} <small>(${rows?.length ?? 0})</small></h2>${body}</section>`;
  };

  const merchant = data.merchant;
  const parts = [
    `<section id="account"><h2>${esc(t("account:privacy.file.account"))}</h2>${table(
      { ...data.account, municipality: data.municipality?.name ?? null } as Row,
      ["name", "email", "role", "language", "municipality", "createdAt", "updatedAt"],
    )}</section>`,
    section("reports", "account:privacy.file.reports", data.reports as Row[], [
      "municipality",
      "type",
      "description",
      "status",
      "moderationReason",
      "moderationNote",
      "imageUrl",
      "createdAt",
      "moderatedAt",
    ]),
    section("follows", "account:privacy.file.follows", data.follows as Row[], [
      "municipality",
      "urgentAlerts",
      "weeklyDigest",
      "createdAt",
    ]),
    section("newsletter", "account:privacy.file.newsletter", data.newsletterSubscriptions as Row[], [
      "municipality",
      "email",
      "status",
      "confirmedAt",
      "createdAt",
    ]),
    section("contact", "account:privacy.file.contactMessages", data.contactMessages as Row[], [
      "subject",
      "message",
      "name",
      "email",
      "createdAt",
    ]),
    section("merchant", "account:privacy.file.merchant", merchant ? [merchant as Row] : null, [
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
    ]),
    section("promotions", "account:privacy.file.promotions", (merchant?.promotions ?? null) as Row[] | null, [
      "title",
      "description",
      "category",
      "price",
      "discount",
      "validUntil",
      "imageUrl",
      "createdAt",
    ]),
    section("events", "account:privacy.file.events", (merchant?.events ?? null) as Row[] | null, [
      "title",
      "description",
      "venue",
      "startDate",
      "time",
      "price",
      "imageUrl",
      "createdAt",
    ]),
    section("subscriptions", "account:privacy.file.subscriptions", data.subscriptions as Row[], [
      "tier",
      "status",
      "startDate",
      "endDate",
    ]),
    section("images", "account:privacy.file.images", data.images as Row[], ["url", "createdAt"]),
    section("sign-ins", "account:privacy.file.signIns", data.signInHistory as Row[], ["at", "event", "ip"]),
    section("sessions", "account:privacy.file.sessions", data.activeSessions as Row[], [
      "createdAt",
      "expiresAt",
      "ipAddress",
      "userAgent",
    ]),
    section("activity", "account:privacy.file.activity", data.activity as Row[], ["at", "event", "description"]),
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
body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}
small{color:#475569;font-weight:normal}table{border-collapse:collapse;width:100%;margin:.75rem 0}
th,td{border:1px solid #e2e8f0;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{width:14rem;background:#f8fafc;font-weight:600}td{white-space:pre-wrap;word-break:break-word}.none{color:#475569}
</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>${esc(t("account:privacy.file.intro", { date: formatDate(new Date(data.generatedAt), locale) }))}</p>
${parts.join("\n")}
</main>
</body>
</html>
`;
}
