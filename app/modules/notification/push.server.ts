/**
 * Web Push ("notify me on this device"): a resident's browsers subscribe; urgent reports of the towns they
 * follow are pushed to them (push.jobs.server.ts). The messages are encrypted for the device (RFC 8291, by
 * `web-push`) and signed with the platform's VAPID key (RFC 8292), made on first use and kept in the database.
 * Only addresses of the push services in PUSH_SERVICES are stored or ever contacted.
 */
import { and, count, eq } from "drizzle-orm";
import webpush from "web-push";
import { platformSettings, pushSubscriptions } from "@db/schema";
import { authorize } from "~/lib/auth/authorize";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { ValidationError } from "~/lib/http/errors";
import { can } from "./notification.policy";
import type { PushSubscriptionInput } from "./push.schema";

const PUBLIC_KEY = "push.vapid_public_key";
const PRIVATE_KEY = "push.vapid_private_key";

type Vapid = { publicKey: string; privateKey: string };
let vapid: Promise<Vapid> | undefined;

/** The platform's VAPID key pair: read, or made and stored by the first process that needs it. */
export function vapidKeys(): Promise<Vapid> {
  vapid ??= (async () => {
    const db = await getDb();
    const read = async () => {
      const rows = await db.select().from(platformSettings).where(eq(platformSettings.key, PUBLIC_KEY));
      const priv = await db.select().from(platformSettings).where(eq(platformSettings.key, PRIVATE_KEY));
      return rows[0] && priv[0] ? { publicKey: rows[0].value, privateKey: priv[0].value } : null;
    };
    const found = await read();
    if (found) return found;
    const made = webpush.generateVAPIDKeys();
    // Two processes starting at once: one pair wins, both read it back.
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(platformSettings)
        .values({ key: PUBLIC_KEY, value: made.publicKey })
        .onConflictDoNothing()
        .returning({ key: platformSettings.key });
      if (inserted.length) await tx.insert(platformSettings).values({ key: PRIVATE_KEY, value: made.privateKey });
    });
    const stored = await read();
    if (!stored) throw new Error("VAPID keys could not be stored");
    return stored;
  })().catch((err) => {
    vapid = undefined;
    throw err;
  });
  return vapid;
}

/** Whether a push address belongs to one of the allowed push services (origins; `*.` allows subdomains). */
export function isAllowedPushEndpoint(endpoint: string, allowed: string[] = env().PUSH_SERVICES): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowed.some((entry) => {
    const m = /^(https?):\/\/(\*\.)?([^/]+)$/.exec(entry);
    if (!m || `${m[1]}:` !== url.protocol) return false;
    const host = url.host.toLowerCase();
    const want = m[3].toLowerCase();
    return m[2] ? host.endsWith(`.${want}`) : host === want;
  });
}

/** Saves the actor's device; the same device (endpoint) signed in to another account moves to this one. */
export async function savePushSubscription(
  actor: Actor | null,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  authorize(can, actor, "follow");
  if (!isAllowedPushEndpoint(input.endpoint))
    throw new ValidationError("push.badEndpoint", { endpoint: "push.badEndpoint" });
  const db = await getDb();
  const values = {
    userId: actor.id,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
    });
}

/** Stops pushing to one of the actor's devices. */
export async function removePushSubscription(actor: Actor | null, endpoint: string): Promise<void> {
  authorize(can, actor, "follow");
  const db = await getDb();
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)));
}

/** How many devices the actor receives pushes on. */
export async function countPushDevices(actor: Actor | null): Promise<number> {
  authorize(can, actor, "follow");
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, actor.id));
  return row?.n ?? 0;
}

export type PushMessage = { title: string; body: string; url: string; tag: string };

/**
 * Sends one encrypted message; answers the push service's status. The address is checked again (the setting may
 * have changed since it was stored), redirects are refused and a service that does not answer in
 * PUSH_TIMEOUT_MS aborts, so one device never holds the queue.
 */
export async function sendPush(
  sub: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
): Promise<number> {
  if (!isAllowedPushEndpoint(sub.endpoint)) return 410;
  const keys = await vapidKeys();
  const subject = `mailto:${env().CONTACT_EMAIL}`;
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(message),
    { vapidDetails: { subject, ...keys }, TTL: 12 * 3600, urgency: "high", contentEncoding: "aes128gcm" },
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body as Buffer),
    redirect: "error",
    signal: AbortSignal.timeout(env().PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
}
