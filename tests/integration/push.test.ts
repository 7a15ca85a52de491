/**
 * Push notifications for urgent reports, on a real database and over HTTP to a push service on this machine: the
 * message arrives encrypted for the device (RFC 8291, aes128gcm) and decrypts to the report in the follower's
 * language; a device the service no longer knows is forgotten; a service that hangs does not hold the queue; only
 * allowed push services are accepted.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs, pushSubscriptions } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { drainJobs } from "~/lib/jobs/jobs.server";
import { pushSubscriptionSchema } from "~/modules/notification";
import "~/modules/notification/push.jobs.server";
import { saveFollow } from "~/modules/notification/follow.server";
import {
  countPushDevices,
  isAllowedPushEndpoint,
  removePushSubscription,
  savePushSubscription,
  vapidKeys,
} from "~/modules/notification/push.server";
import { collectUserData } from "~/modules/privacy/collect.server";
import { moderateReport } from "~/modules/report/report.admin.server";
import { fileReport } from "~/modules/report/report.server";
import { rememberLocale } from "~/modules/user/user.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
let received: Received[] = [];
/** What the push service answers next, by path: a status, or "hang" (never answers). */
const answers = new Map<string, number | "hang">();
let service: http.Server;
let origin = "";

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(req.url ?? "") ?? 201;
      if (answer === "hang") return;
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  process.env.PUSH_SERVICES = origin;
  process.env.PUSH_TIMEOUT_MS = "300";
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.PUSH_SERVICES;
  delete process.env.PUSH_TIMEOUT_MS;
  resetEnvCache();
  service.closeAllConnections();
  await new Promise((r) => service.close(r));
});
afterEach(() => {
  received = [];
  answers.clear();
});

/** A device: its P-256 key pair and auth secret, as a browser makes them. */
function device(path: string) {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    input: {
      endpoint: `${origin}${path}`,
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: auth.toString("base64url"),
    },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291 / RFC 8188 decryption of one aes128gcm record, as the browser does it. */
function decrypt(body: Buffer, dev: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = dev.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), dev.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(dev.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Padding: the record ends with a 0x02 delimiter followed by zeros.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString("utf8");
}

async function resident(locale: "en" | "nl" | "fr") {
  const user = await makeUser("user");
  await rememberLocale(user.id, locale);
  return actorFor(user);
}

async function approvedUrgentReport(townId: string, description: string) {
  const reporter = await resident("en");
  const admin = await actorFor(await makeUser("admin"));
  const report = await fileReport(reporter, townId, { type: "public_safety", description, image_url: null });
  await moderateReport(admin, report.id, "approved");
  return report;
}

describe("push subscriptions", () => {
  it("accepts a device of an allowed push service only, with keys of the right length", async () => {
    const me = await resident("en");
    const good = device("/device/good");
    await savePushSubscription(me, good.input, "Test browser");
    expect(await countPushDevices(me)).toBe(1);

    for (const endpoint of [
      "https://evil.example/push",
      "http://169.254.169.254/latest",
      `${origin.replace("127.0.0.1", "localhost")}/x`,
      `http://user:pw@${origin.slice(7)}/x`,
    ]) {
      await expect(savePushSubscription(me, { ...good.input, endpoint }, null)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(
      isAllowedPushEndpoint("https://wns2-par02p.notify.windows.com/w/?token=x", ["https://*.notify.windows.com"]),
    ).toBe(true);
    expect(isAllowedPushEndpoint("https://notify.windows.com.evil.example/", ["https://*.notify.windows.com"])).toBe(
      false,
    );

    const shortKey = pushSubscriptionSchema.safeParse({ ...good.input, p256dh: good.input.p256dh.slice(0, 40) });
    const longAuth = pushSubscriptionSchema.safeParse({
      ...good.input,
      auth: crypto.randomBytes(32).toString("base64url"),
    });
    const notBase64 = pushSubscriptionSchema.safeParse({ ...good.input, auth: "<script>alert(1)</script>" });
    expect([shortKey.success, longAuth.success, notBase64.success]).toEqual([false, false, false]);
    // Nothing was stored by the refused ones, and nothing was ever sent to them.
    expect(await countPushDevices(me)).toBe(1);
    expect(received).toEqual([]);

    await expect(savePushSubscription(null, good.input, null)).rejects.toBeInstanceOf(ForbiddenError);
    await removePushSubscription(me, good.input.endpoint);
    expect(await countPushDevices(me)).toBe(0);
  });

  it("keeps one VAPID key pair", async () => {
    const a = await vapidKeys();
    const b = await vapidKeys();
    expect(a).toEqual(b);
    expect(Buffer.from(a.publicKey, "base64url")).toHaveLength(65);
  });
});

describe("urgent reports as push notifications", () => {
  it("reach each following device encrypted, in its owner's language, and open the town's reports", async () => {
    const town = await makeMunicipality({ name: "Lanaken" });
    const fan = await resident("nl");
    const digestOnly = await resident("fr");
    const phone = device("/device/fan-phone");
    const other = device("/device/digest-only");
    await saveFollow(fan, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
    await saveFollow(digestOnly, { municipalityId: town.id, urgentAlerts: false, weeklyDigest: true });
    await savePushSubscription(fan, phone.input, null);
    await savePushSubscription(digestOnly, other.input, null);

    await approvedUrgentReport(town.id, "Gasgeur aan de Molenweg");
    await drainJobs();

    expect(received.map((r) => r.path)).toEqual(["/device/fan-phone"]);
    const [message] = received;
    expect(message.headers["content-encoding"]).toBe("aes128gcm");
    expect(message.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(message.body.toString("utf8")).not.toContain("Molenweg");
    const payload = JSON.parse(decrypt(message.body, phone));
    expect(payload.title).toMatch(/^Dringend in Lanaken: /);
    expect(payload.body).toBe("Gasgeur aan de Molenweg");
    expect(payload.url).toBe(`/reports/${town.slug}`);

    const db = await getDb();
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.input.endpoint));
    expect(row.lastSentAt).not.toBeNull();
    // The export names the device's push service, never its address or keys.
    const data = await collectUserData(db, fan.id);
    expect(data?.pushDevices).toMatchObject([{ pushService: origin.slice(7) }]);
    expect(JSON.stringify(data)).not.toContain(phone.input.auth);
  });

  it("forgets a device the push service no longer knows", async () => {
    const town = await makeMunicipality();
    const fan = await resident("en");
    const gone = device("/device/gone");
    await saveFollow(fan, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
    await savePushSubscription(fan, gone.input, null);
    answers.set("/device/gone", 410);
    await approvedUrgentReport(town.id, "Smoke above the station");
    await drainJobs();
    expect(received).toHaveLength(1);
    expect(await countPushDevices(fan)).toBe(0);
  });

  it("does not wait for a push service that never answers: the job is retried later and the rest goes on", async () => {
    const town = await makeMunicipality();
    const slow = await resident("en");
    const fast = await resident("en");
    const hanging = device("/device/hangs");
    const fine = device("/device/fine");
    for (const [who, dev] of [
      [slow, hanging],
      [fast, fine],
    ] as const) {
      await saveFollow(who, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
      await savePushSubscription(who, dev.input, null);
    }
    answers.set("/device/hangs", "hang");
    const started = Date.now();
    await approvedUrgentReport(town.id, "Fire in the park");
    await drainJobs({ timeoutMs: 20_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(received.map((r) => r.path).sort()).toEqual(["/device/fine", "/device/hangs"]);
    const db = await getDb();
    const retried = await db.select().from(jobs).where(eq(jobs.type, "push.send"));
    const waiting = retried.filter((j) => j.status !== "done");
    expect(waiting).toHaveLength(1);
    expect(waiting[0].attempts).toBe(1);
    expect(await countPushDevices(slow)).toBe(1);
  });
});
