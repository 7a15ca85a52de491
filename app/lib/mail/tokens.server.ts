/**
 * Signed tokens for links that work without signing in (unsubscribe, newsletter confirmation). A token names
 * a purpose and the id of the row it acts on (a follow or a newsletter subscription, never an account id),
 * optionally an expiry, and an HMAC-SHA256 over all of it:
 *
 *   <purpose>.<row id>[.<expiry, unix seconds base 36>].<signature, base64url>
 *
 * The key is derived from BETTER_AUTH_SECRET when set, otherwise from a random secret kept in
 * platform_settings (the embedded demo), so links keep working across restarts.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { platformSettings } from "@db/schema";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";

const SETTING = "internal.token_secret";
let keyPromise: Promise<Buffer> | undefined;

async function loadKey(conn?: DbOrTx): Promise<Buffer> {
  const configured = env().BETTER_AUTH_SECRET;
  let secret = configured;
  if (!secret) {
    const db = conn ?? (await getDb());
    const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, SETTING));
    if (row) secret = row.value;
    else {
      await db
        .insert(platformSettings)
        .values({ key: SETTING, value: crypto.randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [saved] = await db.select().from(platformSettings).where(eq(platformSettings.key, SETTING));
      secret = saved.value;
    }
  }
  return Buffer.from(crypto.hkdfSync("sha256", secret, "buurtplatform", "signed-link-tokens", 32));
}

/** Pass the open transaction when signing inside one (the embedded database has a single connection). */
function key(db?: DbOrTx): Promise<Buffer> {
  keyPromise ??= loadKey(db);
  keyPromise.catch(() => {
    keyPromise = undefined;
  });
  return keyPromise;
}

const PURPOSE = /^[a-z][a-z0-9-]{0,20}$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

const sign = (k: Buffer, body: string) => crypto.createHmac("sha256", k).update(body).digest("base64url");

export async function signToken(purpose: string, id: string, options: { expiresInSec?: number; db?: DbOrTx } = {}) {
  if (!PURPOSE.test(purpose) || !ID.test(id)) throw new Error("signToken: bad purpose or id");
  const parts = [purpose, id];
  if (options.expiresInSec) parts.push(Math.floor(Date.now() / 1000 + options.expiresInSec).toString(36));
  const body = parts.join(".");
  return `${body}.${sign(await key(options.db), body)}`;
}

/** The row id when the token is genuine, of this purpose and not expired; otherwise null. */
export async function verifyToken(
  purpose: string,
  token: string | null | undefined,
  db?: DbOrTx,
): Promise<string | null> {
  if (!token || token.length > 300) return null;
  const parts = token.split(".");
  if (parts.length !== 3 && parts.length !== 4) return null;
  const signature = parts.pop() as string;
  const [p, id, expiry] = parts;
  if (p !== purpose || !ID.test(id)) return null;
  const expected = Buffer.from(sign(await key(db), parts.join(".")));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  if (expiry !== undefined) {
    const at = Number.parseInt(expiry, 36);
    if (!Number.isFinite(at) || at * 1000 < Date.now()) return null;
  }
  return id;
}
