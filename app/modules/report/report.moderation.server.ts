/**
 * What a moderator needs to decide on a report: in the queue, each row's likely duplicates and how many
 * followers its approval would mail; opened, the whole report with the reporter's earlier reports.
 * Admin only, through report.policy.
 */
import { authorize } from "~/lib/auth/authorize";
import { and, count, desc, eq, gte, inArray, lt, lte, ne } from "drizzle-orm";
import { municipalities, municipalityFollows, open311Keys, reports, users } from "@db/schema";
import type { ReportStatus, ReportType } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { NotFoundError } from "~/lib/http/errors";
import type { ListQuery, Page } from "~/lib/forms/list.server";
import { isUuid } from "~/lib/db/query";
import { type AdminReportRow, type ReportFilter, listReportsForAdmin } from "./report.admin.server";
import { can, isUrgentType } from "./report.policy";
import { DUPLICATE_WINDOW_MS, isLikelyDuplicate } from "./report.similar";

/** A queue row: the report, the ids of its likely duplicates and the followers its approval would mail. */
export type QueueRow = AdminReportRow & { duplicates: string[]; followers: number };

type Brief = { id: string; type: ReportType; status: ReportStatus; description: string; createdAt: Date };

type ReportForModeration = QueueRow & {
  /** The exact place as the reporter set it (moderators only; the public sees it rounded for reports about people). */
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  placeText: string | null;
  moderationReason: string | null;
  moderationNote: string | null;
  moderatedAt: Date | null;
  /** The same reporter's reports filed before this one, newest first (at most 10). */
  earlier: Brief[];
  /** The likely duplicates themselves. */
  duplicateReports: Brief[];
};

const EARLIER_LIMIT = 10;

const briefColumns = {
  id: reports.id,
  type: reports.type,
  status: reports.status,
  description: reports.description,
  createdAt: reports.createdAt,
};
const asBrief = (r: { type: string; status: string } & Omit<Brief, "type" | "status">): Brief => ({
  ...r,
  type: r.type as ReportType,
  status: r.status as ReportStatus,
});

type Subject = Pick<AdminReportRow, "id" | "municipalityId" | "type" | "description" | "createdAt">;

/** Reports of the same towns filed within a day of the subjects, as duplicate candidates. */
async function duplicateCandidates(db: DbOrTx, subjects: Subject[]) {
  if (subjects.length === 0) return [];
  const times = subjects.map((s) => new Date(s.createdAt).getTime());
  const from = new Date(Math.min(...times) - DUPLICATE_WINDOW_MS);
  const to = new Date(Math.max(...times) + DUPLICATE_WINDOW_MS);
  const towns = [...new Set(subjects.map((s) => s.municipalityId))];
  const typesOf = [...new Set(subjects.map((s) => s.type))];
  return db
    .select({ ...briefColumns, municipalityId: reports.municipalityId })
    .from(reports)
    .where(
      and(
        inArray(reports.municipalityId, towns),
        inArray(reports.type, typesOf),
        gte(reports.createdAt, from),
        lte(reports.createdAt, to),
      ),
    )
    .limit(1000);
}

/**
 * How many followers an approval would mail, per report: the town's followers who asked for urgent alerts,
 * less the reporter (who hears from the outcome mail). An informative report mails no follower.
 */
async function followerCounts(db: DbOrTx, subjects: Pick<AdminReportRow, "municipalityId" | "reporterId" | "type">[]) {
  const towns = [...new Set(subjects.filter((s) => isUrgentType(s.type)).map((s) => s.municipalityId))];
  const reporters = [...new Set(subjects.map((s) => s.reporterId).filter((id): id is string => !!id))];
  if (towns.length === 0) return () => 0;
  const [perTown, reporterFollows] = await Promise.all([
    db
      .select({ municipalityId: municipalityFollows.municipalityId, n: count() })
      .from(municipalityFollows)
      .where(and(inArray(municipalityFollows.municipalityId, towns), eq(municipalityFollows.urgentAlerts, true)))
      .groupBy(municipalityFollows.municipalityId),
    reporters.length === 0
      ? Promise.resolve([])
      : db
          .select({ municipalityId: municipalityFollows.municipalityId, userId: municipalityFollows.userId })
          .from(municipalityFollows)
          .where(
            and(
              inArray(municipalityFollows.userId, reporters),
              inArray(municipalityFollows.municipalityId, towns),
              eq(municipalityFollows.urgentAlerts, true),
            ),
          ),
  ]);
  const totals = new Map(perTown.map((r) => [r.municipalityId, Number(r.n)]));
  const follows = new Set(reporterFollows.map((r) => `${r.userId}:${r.municipalityId}`));
  return (s: Pick<AdminReportRow, "municipalityId" | "reporterId" | "type">) => {
    if (!isUrgentType(s.type)) return 0;
    const own = s.reporterId && follows.has(`${s.reporterId}:${s.municipalityId}`) ? 1 : 0;
    return Math.max(0, (totals.get(s.municipalityId) ?? 0) - own);
  };
}

/** The moderation queue: one page of reports (filtered, urgent first) with duplicates and follower counts. */
export async function moderationQueue(actor: Actor | null, query: ListQuery & ReportFilter): Promise<Page<QueueRow>> {
  const page = await listReportsForAdmin(actor, query);
  const db = await getDb();
  const [candidates, followers] = await Promise.all([
    duplicateCandidates(db, page.rows),
    followerCounts(db, page.rows),
  ]);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...r,
      duplicates: candidates.filter((c) => isLikelyDuplicate(r, c)).map((c) => c.id),
      followers: followers(r),
    })),
  };
}

/** One report in full for its moderator: text, photo, town, reporter, earlier reports, duplicates, followers. */
export async function reportForModeration(actor: Actor | null, id: string): Promise<ReportForModeration> {
  authorize(can, actor, "read-all");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({
      id: reports.id,
      type: reports.type,
      description: reports.description,
      imageUrl: reports.imageUrl,
      status: reports.status,
      createdAt: reports.createdAt,
      moderationReason: reports.moderationReason,
      moderationNote: reports.moderationNote,
      moderatedAt: reports.moderatedAt,
      latitude: reports.latitude,
      longitude: reports.longitude,
      locationAccuracy: reports.locationAccuracy,
      placeText: reports.placeText,
      reporterName: users.name,
      reporterEmail: users.email,
      reporterId: reports.reporterId,
      showName: reports.showName,
      resolvedAt: reports.resolvedAt,
      municipalityId: reports.municipalityId,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
      open311Client: open311Keys.name,
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(open311Keys, eq(open311Keys.id, reports.open311KeyId))
    .where(eq(reports.id, id))
    .limit(1);
  if (!row) throw new NotFoundError();
  const report = { ...row, type: row.type as ReportType, status: row.status as ReportStatus };
  const [earlier, candidates, followers] = await Promise.all([
    report.reporterId
      ? db
          .select(briefColumns)
          .from(reports)
          .where(
            and(
              eq(reports.reporterId, report.reporterId),
              ne(reports.id, report.id),
              lt(reports.createdAt, report.createdAt),
            ),
          )
          .orderBy(desc(reports.createdAt))
          .limit(EARLIER_LIMIT)
      : Promise.resolve([]),
    duplicateCandidates(db, [report]),
    followerCounts(db, [report]),
  ]);
  const duplicateReports = candidates.filter((c) => isLikelyDuplicate(report, c)).map(asBrief);
  return {
    ...report,
    earlier: earlier.map(asBrief),
    duplicateReports,
    duplicates: duplicateReports.map((d) => d.id),
    followers: followers(report),
  };
}
