/**
 * Open311 API keys: issued and revoked by administrators (open311.policy.ts), each issue and revoke in the audit
 * log. A key is `o311_` and 32 random base64url characters, shown once; only its SHA-256 is stored, with its
 * first characters to tell keys apart in the panel.
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { open311Keys, users } from "@db/schema";
import { authorize } from "~/lib/auth/authorize";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { isUuid } from "~/lib/db/query";
import { NotFoundError } from "~/lib/http/errors";
import { recordEvent } from "~/modules/log/index.server";
import { can } from "./open311.policy";
import type { IssueKeyInput } from "./open311.schema";

const KEY_PREFIX = "o311_";
/** The characters of a key kept in clear (the panel shows `o311_AbCd…`). */
const SHOWN = KEY_PREFIX.length + 4;
/** How often the "last used" time is written: a busy key does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

const hashKey = (key: string) => crypto.createHash("sha256").update(key, "utf8").digest("hex");

type KeyRow = {
  id: string;
  name: string;
  keyPrefix: string;
  createdByName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Every key, newest first, without anything that could be used as one. */
export async function listKeys(actor: Actor | null): Promise<KeyRow[]> {
  authorize(can, actor, "list-keys");
  const db = await getDb();
  const rows = await db
    .select({
      id: open311Keys.id,
      name: open311Keys.name,
      keyPrefix: open311Keys.keyPrefix,
      createdByName: users.name,
      createdAt: open311Keys.createdAt,
      lastUsedAt: open311Keys.lastUsedAt,
      revokedAt: open311Keys.revokedAt,
    })
    .from(open311Keys)
    .leftJoin(users, eq(users.id, open311Keys.createdBy))
    .orderBy(desc(open311Keys.createdAt), desc(open311Keys.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  }));
}

/** Issues a key: the only moment the key itself exists outside the client that receives it. */
export async function issueKey(actor: Actor | null, input: IssueKeyInput): Promise<{ id: string; key: string }> {
  authorize(can, actor, "issue-key");
  const key = `${KEY_PREFIX}${crypto.randomBytes(24).toString("base64url")}`;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(open311Keys)
      .values({ name: input.name, keyHash: hashKey(key), keyPrefix: key.slice(0, SHOWN), createdBy: actor.id })
      .returning({ id: open311Keys.id });
    await recordEvent(
      {
        userId: actor.id,
        eventType: "open311.key_issued",
        description: `${actor.email} issued the Open311 key "${input.name}"`,
        metadata: { open311KeyId: row.id, name: input.name },
      },
      tx,
    );
    return { id: row.id, key };
  });
}

/** Revokes a key at once: every later request with it is refused (403). Revoking twice is a 404. */
export async function revokeKey(actor: Actor | null, id: string): Promise<void> {
  authorize(can, actor, "revoke-key");
  if (!isUuid(id)) throw new NotFoundError("admin:open311.notFound");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(open311Keys)
      .set({ revokedAt: new Date() })
      .where(and(eq(open311Keys.id, id), isNull(open311Keys.revokedAt)))
      .returning({ id: open311Keys.id, name: open311Keys.name });
    if (!row) throw new NotFoundError("admin:open311.notFound");
    await recordEvent(
      {
        userId: actor.id,
        eventType: "open311.key_revoked",
        description: `${actor.email} revoked the Open311 key "${row.name}"`,
        metadata: { open311KeyId: row.id, name: row.name },
      },
      tx,
    );
  });
}

export type ApiKey = { id: string; name: string };

/**
 * The key a client presented: `valid` with its id and name, or why it is refused. The "last used" time is
 * written at most once a minute per key.
 */
export async function checkKey(
  presented: string | null,
): Promise<{ status: "valid"; key: ApiKey } | { status: "missing" | "unknown" | "revoked" }> {
  if (!presented) return { status: "missing" };
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 100) return { status: "unknown" };
  const db = await getDb();
  const [row] = await db
    .select({
      id: open311Keys.id,
      name: open311Keys.name,
      lastUsedAt: open311Keys.lastUsedAt,
      revokedAt: open311Keys.revokedAt,
    })
    .from(open311Keys)
    .where(eq(open311Keys.keyHash, hashKey(presented)))
    .limit(1);
  if (!row) return { status: "unknown" };
  if (row.revokedAt) return { status: "revoked" };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db.update(open311Keys).set({ lastUsedAt: new Date() }).where(eq(open311Keys.id, row.id));
  }
  return { status: "valid", key: { id: row.id, name: row.name } };
}
