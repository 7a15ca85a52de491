/**
 * Report moderation. Admin only, enforced through
 * report.policy: approve or reject only while pending; delete in any status.
 */
import { authorize } from "~/lib/auth/authorize";
import { type SQL, and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { touches } from "~/lib/cache/cache.server";
import { listTotal } from "~/lib/db/counts.server";
import { municipalities, open311Keys, reports, users } from "@db/schema";
import { REPORT_STATUSES, REPORT_TYPES, type ReportStatus, type ReportType } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { type Db, type DbOrTx, getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { type ListQuery, type Page, paging } from "~/lib/forms/list.server";
import { recordEvent } from "~/modules/log/index.server";
import { enqueue } from "~/lib/jobs/jobs.server";
import { REPORT_JOBS } from "./report.jobs";
import type { ModerationInput } from "./report.schema";
import { can, isUrgentType } from "./report.policy";
import { referencePrefix } from "./report.reference";
import { isUuid, likePattern } from "~/lib/db/query";
import { inSubquery, matches, nameMatches, rowColumns, searchText } from "~/lib/search/search.server";

export type AdminReportRow = {
  id: string;
  type: ReportType;
  description: string;
  imageUrl: string | null;
  status: ReportStatus;
  createdAt: Date;
  reporterName: string | null;
  reporterEmail: string | null;
  municipalityId: string;
  municipalityName: string;
  municipalitySlug: string;
  /** Whether the public sees the reporter's name (moderators always do). */
  showName: boolean;
  resolvedAt: Date | null;
  reporterId: string | null;
  /** The name of the Open311 key a town's system filed it with (no reporter then). */
  open311Client: string | null;
};

/** The moderation queue's filters: one status and/or one type (none: every report). */
export type ReportFilter = { status?: ReportStatus; type?: ReportType };

const NOT_PENDING = "admin:reports.notPending";

/**
 * The admin's report search: the description by full text (GIN on reports.search_vector), a type or status
 * code as itself, the municipality's name (trigrams) and the reporter's name or email as substrings.
 */
function reportSearch(db: Db, text: string | undefined): SQL | undefined {
  const q = searchText(text);
  if (!q) return undefined;
  const code = q.toLowerCase();
  const p = likePattern(q);
  const ref = referencePrefix(q);
  return or(
    // A reference the reporter quotes ("R-1A2B3C4D") is the start of the report's id.
    ref ? sql`${reports.id}::text like ${`${ref}%`}` : undefined,
    matches(reports.searchVector, q),
    (REPORT_TYPES as readonly string[]).includes(code) ? eq(reports.type, code) : undefined,
    (REPORT_STATUSES as readonly string[]).includes(code) ? eq(reports.status, code) : undefined,
    inSubquery(
      reports.municipalityId,
      db.select({ id: municipalities.id }).from(municipalities).where(nameMatches(municipalities.name, q)),
    ),
    inSubquery(
      reports.reporterId,
      db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.email, p), ilike(users.name, p))),
    ),
  );
}

/**
 * Every report matching the search and filters with the reporter's name and email and the municipality name:
 * urgent types first, then newest first, so the moderator meets a fire before a lost cat.
 */
export async function listReportsForAdmin(
  actor: Actor | null,
  query: ListQuery & ReportFilter = {},
): Promise<Page<AdminReportRow>> {
  if (!can(actor, "read-all")) throw new ForbiddenError();
  const db = await getDb();
  const filters = [
    reportSearch(db, query.q),
    query.status ? eq(reports.status, query.status) : undefined,
    query.type ? eq(reports.type, query.type) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const { limit, offset } = paging(query);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: reports.id,
        type: reports.type,
        description: reports.description,
        imageUrl: reports.imageUrl,
        status: reports.status,
        createdAt: reports.createdAt,
        reporterName: users.name,
        reporterEmail: users.email,
        municipalityId: reports.municipalityId,
        municipalityName: municipalities.name,
        municipalitySlug: municipalities.slug,
        showName: reports.showName,
        resolvedAt: reports.resolvedAt,
        reporterId: reports.reporterId,
        open311Client: open311Keys.name,
      })
      .from(reports)
      .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
      .leftJoin(users, eq(users.id, reports.reporterId))
      .leftJoin(open311Keys, eq(open311Keys.id, reports.open311KeyId))
      .where(where)
      .orderBy(sql`(${reports.type} = 'informative')`, desc(reports.createdAt), desc(reports.id))
      .limit(limit)
      .offset(offset),
    listTotal(db, "reports", where, () =>
      db
        .select({ total: count() })
        .from(reports)
        .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(where),
    ),
  ]);
  return { rows: rows.map((r) => ({ ...r, type: r.type as ReportType, status: r.status as ReportStatus })), total };
}

/** In the moderation's transaction: the reporter's mail, and the followers' alert for an approved urgent report. */
async function enqueueModerationJobs(tx: DbOrTx, report: { id: string; status: string; type: string }) {
  const once = (type: string) => ({ dedupeKey: `${type}:${report.id}` });
  await enqueue(REPORT_JOBS.outcomeMail, { reportId: report.id }, once(REPORT_JOBS.outcomeMail), tx);
  if (report.status === "approved" && isUrgentType(report.type)) {
    await enqueue(REPORT_JOBS.urgentAlert, { reportId: report.id }, once(REPORT_JOBS.urgentAlert), tx);
    await enqueue(REPORT_JOBS.urgentPush, { reportId: report.id }, once(REPORT_JOBS.urgentPush), tx);
  }
}

/**
 * Moves a pending report to approved or rejected; any other current status is an error. A rejection may carry
 * the moderator's reason (a common reason and/or a note), stored on the report and shown to the reporter.
 * The reporter's mail and, for an urgent report, the followers' alerts are queued as jobs in the same
 * transaction: the decision commits with them and the request does not wait for any mail.
 */
export async function moderateReport(
  actor: Actor | null,
  id: string,
  decision: "approved" | "rejected",
  outcome: ModerationInput = { reason: undefined, note: null },
): Promise<void> {
  authorize(can, actor, "moderate");
  if (decision !== "approved" && decision !== "rejected") throw new ValidationError("validation.invalid");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select(rowColumns(reports)).from(reports).where(eq(reports.id, id)).limit(1);
    if (!current) throw new NotFoundError();
    if (!can(actor, "moderate", current)) throw new ForbiddenError();
    touches("reports", current.municipalityId);
    // An approved report is a live event too (migration 0011's trigger).
    touches("live_events", current.municipalityId);
    // The status guard in the WHERE clause makes a concurrent second decision a no-op.
    const [row] = await tx
      .update(reports)
      .set({
        status: decision,
        moderatedAt: new Date(),
        moderationReason: decision === "rejected" ? (outcome.reason ?? null) : null,
        moderationNote: decision === "rejected" ? outcome.note : null,
      })
      .where(and(eq(reports.id, id), eq(reports.status, "pending")))
      .returning(rowColumns(reports));
    if (!row) throw new ValidationError(NOT_PENDING);
    await enqueueModerationJobs(tx, row);
    await recordEvent(
      {
        userId: actor.id,
        eventType: decision === "approved" ? "report.approved" : "report.rejected",
        description: `${actor.email} ${decision} a ${row.type} report`,
        metadata: {
          reportId: id,
          municipalityId: row.municipalityId,
          from: "pending",
          to: decision,
          ...(row.moderationReason ? { reason: row.moderationReason } : {}),
        },
      },
      tx,
    );
  });
}

/** Deletes a report in any status. */
export async function deleteReport(actor: Actor | null, id: string): Promise<void> {
  authorize(can, actor, "delete");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(reports).where(eq(reports.id, id)).returning(rowColumns(reports));
    if (!row) throw new NotFoundError();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "report.deleted",
        description: `${actor.email} deleted a ${row.status} ${row.type} report`,
        metadata: { reportId: id, municipalityId: row.municipalityId, status: row.status },
      },
      tx,
    );
  });
}
