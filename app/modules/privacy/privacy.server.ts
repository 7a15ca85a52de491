/**
 * Residents' privacy rights (GDPR articles 15, 17 and 20), as the pages ask for them:
 * - **Export.** `requestExport` adds a `data_exports` row and a `privacy.export` job (privacy.jobs.server.ts)
 *   that gathers everything held about the account (collect.server.ts) as JSON and a readable HTML summary
 *   (export-html.server.ts); the requester is mailed when it is ready; it can be downloaded until `expires_at`
 *   (EXPORT_TTL_DAYS).
 * - **Erasure.** `deleteOwnAccount` (after the current password) and the admin panel call `eraseAccount`
 *   (erase.server.ts), which deletes the account and everything that is theirs in one transaction.
 */
import { authorize } from "~/lib/auth/authorize";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { dataExports, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { ForbiddenError, HttpError, NotFoundError } from "~/lib/http/errors";
import { enqueue } from "~/lib/jobs/jobs.server";
import { noteRetryAfter } from "~/lib/http/rate-limit.server";
import { recordEvent } from "~/modules/log/index.server";
import { checkCurrentPassword } from "~/lib/auth/password.server";
import { type EraseResult, eraseAccount } from "./erase.server";
import { can } from "./privacy.policy";
import { isTextId, isUuid } from "~/lib/db/query";

export const EXPORT_JOB = "privacy.export";
/** Exports one requester may prepare for one account per 24 hours. */
const EXPORTS_PER_DAY = 3;

/* ---------------------------------------------------------------------------------------------------------- */
/* Export requests and downloads                                                                               */

type ExportSummary = {
  id: string;
  status: "pending" | "ready" | "failed";
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date;
};

async function assertUserExists(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Asks for an export of `userId` ("self": the actor's own, from /profile; "admin": on the user's request, from
 * the admin panel). One pending export per requester at a time: asking again while one is being prepared
 * returns it.
 */
export async function requestExport(
  actor: Actor | null,
  userId: string,
  via: "self" | "admin",
): Promise<{ id: string; created: boolean }> {
  authorize(can, actor, "export", { userId, via });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertUserExists(tx, userId);
    const requestedBy = via === "admin" ? actor.id : null;
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          eq(dataExports.status, "pending"),
          requestedBy ? eq(dataExports.requestedBy, requestedBy) : sql`${dataExports.requestedBy} is null`,
        ),
      )
      .limit(1);
    if (pending) return { id: pending.id, created: false };
    // Each export is a full copy of the account's data: a few a day are plenty.
    const [{ n: today, wait }] = await tx
      .select({
        n: count(),
        // When the oldest of them leaves the day: the answer's Retry-After.
        wait: sql<number>`ceil(extract(epoch from (min(${dataExports.createdAt}) + interval '1 day' - now())))::int`,
      })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          sql`${dataExports.createdAt} > now() - interval '1 day'`,
          requestedBy ? eq(dataExports.requestedBy, requestedBy) : sql`${dataExports.requestedBy} is null`,
        ),
      );
    if (Number(today) >= EXPORTS_PER_DAY) {
      noteRetryAfter(Math.max(1, Number(wait)));
      throw new HttpError(429, "account:privacy.export.tooMany");
    }
    const expiresAt = new Date(Date.now() + env().EXPORT_TTL_DAYS * 86_400_000);
    const [row] = await tx
      .insert(dataExports)
      .values({ userId, requestedBy, expiresAt })
      .returning({ id: dataExports.id });
    await enqueue(EXPORT_JOB, { exportId: row.id }, { dedupeKey: `${EXPORT_JOB}:${row.id}`, maxAttempts: 5 }, tx);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "privacy.export_requested",
        description:
          via === "admin"
            ? `${actor.email} requested a data export of an account on its owner's request`
            : `${actor.email} requested a download of their data`,
        metadata: { userId, via, exportId: row.id },
      },
      tx,
    );
    return { id: row.id, created: true };
  });
}

/** The exports of `userId` the actor may download (the user's own; an admin's: those they requested). */
export async function listExports(
  actor: Actor | null,
  userId: string,
  via: "self" | "admin",
): Promise<ExportSummary[]> {
  authorize(can, actor, "export", { userId, via });
  const db = await getDb();
  const rows = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        gt(dataExports.expiresAt, sql`now()`),
        via === "admin" ? eq(dataExports.requestedBy, actor.id) : sql`${dataExports.requestedBy} is null`,
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return rows.map((r) => ({ ...r, status: r.status as ExportSummary["status"] }));
}

/**
 * A prepared export's file, for its subject or the administrator who asked for it: 404 for anyone else,
 * for an unknown id, and once it has expired (nothing says whether it ever existed).
 */
export async function getExportFile(
  actor: Actor | null,
  id: string,
  format: string,
): Promise<{ body: string; filename: string; contentType: string }> {
  if (!actor) throw new ForbiddenError();
  if (!isUuid(id) || (format !== "json" && format !== "html")) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({
      id: dataExports.id,
      userId: dataExports.userId,
      requestedBy: dataExports.requestedBy,
      status: dataExports.status,
      json: dataExports.json,
      html: dataExports.html,
      expiresAt: dataExports.expiresAt,
      readyAt: dataExports.readyAt,
    })
    .from(dataExports)
    .where(eq(dataExports.id, id))
    .limit(1);
  if (!row || !can(actor, "download", row)) throw new NotFoundError();
  if (row.status !== "ready" || row.expiresAt.getTime() <= Date.now()) throw new NotFoundError();
  const body = format === "json" ? row.json : row.html;
  if (body == null) throw new NotFoundError();
  if (row.userId !== actor.id) {
    await recordEvent({
      userId: actor.id,
      eventType: "privacy.export_downloaded",
      description: `${actor.email} downloaded the data export of an account on its owner's request`,
      metadata: { userId: row.userId, exportId: row.id, format },
    });
  }
  const day = (row.readyAt ?? new Date()).toISOString().slice(0, 10);
  return {
    body,
    filename: `buurtplatform-my-data-${day}.${format}`,
    contentType: format === "json" ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
  };
}

/** /profile: the user erases their own account after re-entering their password. */
export async function deleteOwnAccount(
  actor: Actor | null,
  input: { currentPassword: string; deleteReports: boolean },
): Promise<EraseResult> {
  if (!actor) throw new ForbiddenError();
  authorize(can, actor, "erase", { userId: actor.id, via: "self" });
  await checkCurrentPassword(actor, input.currentPassword);
  return eraseAccount(actor, actor.id, { deleteReports: input.deleteReports }, "self");
}

/** For the admin panel's privacy page: the account's name, address and role (admin only). */
export async function getAccountForPrivacy(actor: Actor | null, userId: string) {
  if (!can(actor, "export", { userId, via: "admin" })) throw new ForbiddenError();
  if (!isTextId(userId)) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}
