/** Reading the audit log: read-only, newest first, admin only. */
import { count, desc, eq } from "drizzle-orm";
import { listTotal } from "~/lib/db/counts.server";
import { platformEventLogs, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { type ListQuery, type Page, paging, searchWhere } from "~/lib/forms/list.server";
import { can } from "./log.policy";

export type LogRow = {
  id: string;
  eventType: string;
  description: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  /** Null when no user acted (the UI shows "System"). */
  userEmail: string | null;
};

export async function listLogs(actor: Actor | null, query: ListQuery = {}): Promise<Page<LogRow>> {
  if (!can(actor, "list")) throw new ForbiddenError();
  const db = await getDb();
  const where = searchWhere(query.q, [platformEventLogs.eventType, platformEventLogs.description, users.email]);
  const { limit, offset } = paging(query);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: platformEventLogs.id,
        eventType: platformEventLogs.eventType,
        description: platformEventLogs.description,
        metadata: platformEventLogs.metadata,
        createdAt: platformEventLogs.createdAt,
        userEmail: users.email,
      })
      .from(platformEventLogs)
      .leftJoin(users, eq(users.id, platformEventLogs.userId))
      .where(where)
      .orderBy(desc(platformEventLogs.createdAt), desc(platformEventLogs.id))
      .limit(limit)
      .offset(offset),
    listTotal(db, "platform_event_logs", where, () =>
      db
        .select({ total: count() })
        .from(platformEventLogs)
        .leftJoin(users, eq(users.id, platformEventLogs.userId))
        .where(where),
    ),
  ]);
  return { rows, total };
}

/** The latest entries (admin dashboard "recent activities"). */
export async function latestLogs(actor: Actor | null, limit = 4): Promise<LogRow[]> {
  return (await listLogs(actor, { page: 1, pageSize: limit })).rows;
}
