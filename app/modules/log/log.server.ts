/** The audit log (platform_event_logs): who did what, readable, with JSON metadata (never secrets). */
import { platformEventLogs } from "@db/schema";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { log } from "~/lib/log.server";

type AuditEvent = {
  userId: string | null;
  eventType: string;
  description: string;
  metadata?: Record<string, unknown>;
};

const SECRET_KEYS = /pass(word)?|secret|token|api_?key|key$/i;

function scrub(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(k)) continue;
    out[k] = v && typeof v === "object" && !Array.isArray(v) ? scrub(v as Record<string, unknown>) : v;
  }
  return out;
}

/** Writes an audit row; pass the transaction so the row commits with the change it records. */
export async function recordEvent(event: AuditEvent, tx?: DbOrTx) {
  const db = tx ?? (await getDb());
  await db.insert(platformEventLogs).values({
    userId: event.userId,
    eventType: event.eventType,
    description: event.description.slice(0, 500),
    metadata: scrub(event.metadata ?? {}),
  });
}

/** For events outside a transaction (sign-in): never let the log break the request. */
export async function recordEventSafely(event: AuditEvent) {
  try {
    await recordEvent(event);
  } catch (err) {
    log("error", "audit log write failed", { err, eventType: event.eventType });
  }
}
