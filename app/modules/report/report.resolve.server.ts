/**
 * A report's life after approval: a moderator marks an approved report resolved, with an optional note that
 * is mailed to the reporter. A resolved report leaves the urgent panel and reads "Resolved" in the lists.
 */
import { and, eq, isNull } from "drizzle-orm";
import { reports } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { touches } from "~/lib/cache/cache.server";
import { isUuid } from "~/lib/db/query";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { enqueue } from "~/lib/jobs/jobs.server";
import { rowColumns } from "~/lib/search/search.server";
import { recordEvent } from "~/modules/log/index.server";
import { REPORT_JOBS } from "./report.jobs";
import { can } from "./report.policy";
import type { ResolveInput } from "./report.schema";

/**
 * Marks an approved, unresolved report resolved. Anything else (pending, rejected, already resolved) is a
 * translated error; the status guard in the WHERE clause makes a concurrent second click a no-op. The
 * reporter's mail is queued as a job in the same transaction.
 */
export async function resolveReport(actor: Actor | null, id: string, input: ResolveInput): Promise<void> {
  authorize(can, actor, "resolve");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select(rowColumns(reports)).from(reports).where(eq(reports.id, id)).limit(1);
    if (!current) throw new NotFoundError();
    if (!can(actor, "resolve", current)) throw new ForbiddenError();
    touches("reports", current.municipalityId);
    const [row] = await tx
      .update(reports)
      .set({ resolvedAt: new Date(), resolutionNote: input.note })
      .where(and(eq(reports.id, id), eq(reports.status, "approved"), isNull(reports.resolvedAt)))
      .returning(rowColumns(reports));
    if (!row) throw new ValidationError("admin:reportResolve.notOpen");
    await enqueue(
      REPORT_JOBS.resolvedMail,
      { reportId: row.id },
      { dedupeKey: `${REPORT_JOBS.resolvedMail}:${row.id}` },
      tx,
    );
    await recordEvent(
      {
        userId: actor.id,
        eventType: "report.resolved",
        description: `${actor.email} marked a ${row.type} report resolved`,
        metadata: { reportId: id, municipalityId: row.municipalityId, withNote: !!row.resolutionNote },
      },
      tx,
    );
  });
}
