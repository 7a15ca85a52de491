/**
 * One-click unsubscribe (RFC 8058). Every alert and digest carries a link to
 * /unsubscribe?token=… whose signed token names what it stops (the urgent alerts or the digest of one follow,
 * or one newsletter subscription) by that row's id: no account id, no address. It works without signing in,
 * and doing it twice is harmless (the second time says it was already done).
 */
import { and, eq, sql } from "drizzle-orm";
import { municipalities, municipalityFollows, newsletterSubscriptions } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { verifyToken } from "~/lib/mail/tokens.server";
import { recordEvent } from "~/modules/log/index.server";

export const UNSUBSCRIBE_KINDS = {
  alerts: "unsub-alerts",
  digest: "unsub-digest",
  newsletter: "unsub-news",
} as const;
export type UnsubscribeKind = keyof typeof UNSUBSCRIBE_KINDS;

async function parse(token: string | null | undefined): Promise<{ kind: UnsubscribeKind; id: string } | null> {
  const prefix = token?.split(".")[0];
  const kind = (Object.keys(UNSUBSCRIBE_KINDS) as UnsubscribeKind[]).find((k) => UNSUBSCRIBE_KINDS[k] === prefix);
  if (!kind) return null;
  const id = await verifyToken(UNSUBSCRIBE_KINDS[kind], token);
  return id ? { kind, id } : null;
}

type UnsubscribeState =
  | { valid: false }
  | { valid: true; kind: UnsubscribeKind; municipalityName: string | null; active: boolean };

/** What a token would stop, and whether it is still on (the page shows this before the click). */
export async function describeUnsubscribe(token: string | null): Promise<UnsubscribeState> {
  const parsed = await parse(token);
  if (!parsed) return { valid: false };
  const db = await getDb();
  if (parsed.kind === "newsletter") {
    const [row] = await db
      .select({ name: municipalities.name })
      .from(newsletterSubscriptions)
      .innerJoin(municipalities, eq(municipalities.id, newsletterSubscriptions.municipalityId))
      .where(eq(newsletterSubscriptions.id, parsed.id))
      .limit(1);
    return { valid: true, kind: "newsletter", municipalityName: row?.name ?? null, active: !!row };
  }
  const [row] = await db
    .select({
      name: municipalities.name,
      urgentAlerts: municipalityFollows.urgentAlerts,
      weeklyDigest: municipalityFollows.weeklyDigest,
    })
    .from(municipalityFollows)
    .innerJoin(municipalities, eq(municipalities.id, municipalityFollows.municipalityId))
    .where(eq(municipalityFollows.id, parsed.id))
    .limit(1);
  const active = !!row && (parsed.kind === "alerts" ? row.urgentAlerts : row.weeklyDigest);
  return { valid: true, kind: parsed.kind, municipalityName: row?.name ?? null, active };
}

type UnsubscribeResult =
  | { status: "invalid" }
  | { status: "done" | "already"; kind: UnsubscribeKind; municipalityName: string | null };

/** Stops what the token names. A follow left with neither alert is removed. */
export async function unsubscribe(token: string | null): Promise<UnsubscribeResult> {
  const parsed = await parse(token);
  if (!parsed) return { status: "invalid" };
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    let municipalityId: string | null = null;
    if (parsed.kind === "newsletter") {
      const [gone] = await tx
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, parsed.id))
        .returning({ municipalityId: newsletterSubscriptions.municipalityId });
      municipalityId = gone?.municipalityId ?? null;
    } else {
      const column = parsed.kind === "alerts" ? "urgent_alerts" : "weekly_digest";
      const [changed] = await tx
        .update(municipalityFollows)
        .set(parsed.kind === "alerts" ? { urgentAlerts: false } : { weeklyDigest: false })
        .where(and(eq(municipalityFollows.id, parsed.id), sql`${sql.identifier(column)} = true`))
        .returning({
          municipalityId: municipalityFollows.municipalityId,
          urgentAlerts: municipalityFollows.urgentAlerts,
          weeklyDigest: municipalityFollows.weeklyDigest,
        });
      if (changed && !changed.urgentAlerts && !changed.weeklyDigest) {
        await tx.delete(municipalityFollows).where(eq(municipalityFollows.id, parsed.id));
      }
      municipalityId = changed?.municipalityId ?? null;
    }
    if (!municipalityId) return null;
    const [town] = await tx
      .select({ name: municipalities.name })
      .from(municipalities)
      .where(eq(municipalities.id, municipalityId));
    await recordEvent(
      {
        userId: null,
        eventType: "notification.unsubscribed",
        description: `Unsubscribed from ${parsed.kind} of ${town?.name ?? "a municipality"}`,
        metadata: { kind: parsed.kind, municipalityId },
      },
      tx,
    );
    return { status: "done", kind: parsed.kind, municipalityName: town?.name ?? null } as const;
  });
  if (result) return result;
  // Nothing was on any more (clicked twice, or the account is gone): say so.
  const state = await describeUnsubscribe(token);
  return { status: "already", kind: parsed.kind, municipalityName: state.valid ? state.municipalityName : null };
}
