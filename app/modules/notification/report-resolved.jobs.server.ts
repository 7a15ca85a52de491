/**
 * `report.resolved-mail`: the reporter hears that a moderator marked their report resolved, with the
 * moderator's note when there is one, in the reporter's language. Queued by the report module in the same
 * transaction as the change; the dedupe key makes a retried job mail nobody twice.
 */
import { eq } from "drizzle-orm";
import { municipalities, reports, users } from "@db/schema";
import { baseUrl } from "~/lib/auth/auth.server";
import { isLocale } from "~/lib/i18n";
import type { QualifiedKey } from "~/lib/i18n/keys";
import { localizedText } from "~/lib/i18n/localized";
import { serverT } from "~/lib/i18n/locale.server";
import { registerJob } from "~/lib/jobs/jobs.server";
import { reportTypeLabel } from "~/modules/mail";
import { queueTemplateMail } from "~/modules/mail/index.server";
import { REPORT_JOBS } from "~/modules/report";

registerJob<{ reportId: string }>(REPORT_JOBS.resolvedMail, async ({ reportId }, { db }) => {
  const [row] = await db
    .select({
      id: reports.id,
      type: reports.type,
      resolvedAt: reports.resolvedAt,
      note: reports.resolutionNote,
      email: users.email,
      name: users.name,
      locale: users.locale,
      municipalityName: municipalities.name,
      originalLocale: municipalities.originalLocale,
      translations: municipalities.translations,
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.id, reportId))
    .limit(1);
  // Deleted since, or the reporter's account is gone: nobody to tell.
  if (!row?.email || !row.resolvedAt) return;
  const locale = isLocale(row.locale) ? row.locale : "en";
  const town = { name: row.municipalityName, originalLocale: row.originalLocale, translations: row.translations };
  const municipality = localizedText(town, "name", locale) ?? row.municipalityName;
  const paragraphKeys: QualifiedKey[] = ["mail:common.greeting", "mail:reportResolved.body"];
  if (row.note) paragraphKeys.push("mail:reportResolved.note");
  await queueTemplateMail("notice", {
    to: row.email,
    locale,
    municipality,
    dedupeKey: `report-resolved:${row.id}`,
    data: {
      subjectKey: "mail:reportResolved.subject",
      paragraphKeys,
      values: {
        name: row.name ?? "",
        type: reportTypeLabel(serverT(locale), row.type),
        municipality,
        note: row.note ?? "",
      },
      action: { labelKey: "mail:reportResolved.action", url: `${baseUrl()}/my-reports` },
    },
  });
});
