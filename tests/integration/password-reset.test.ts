import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "@db/schema";
import { actorFromHeaders, getAuth } from "~/lib/auth/auth.server";
import { createAppContext } from "~/lib/http/context.server";
import { drainBackground } from "~/lib/jobs/background.server";
import { drainJobs } from "~/lib/jobs/jobs.server";
import "~/jobs.server";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { requestPasswordReset, resetPassword } from "~/modules/user/password-reset.server";
import { FACTORY_PASSWORD, makeUser } from "../factories";
import { startSmtpSink, textOf } from "../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const context = () =>
  createAppContext({ url: "http://localhost/forgot-password?lng=en", headers: new Headers(), ip: "127.0.0.1" });

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await sink.close();
});

async function signIn(email: string, password: string) {
  const auth = await getAuth();
  const res = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return {
    status: res.status,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

describe("password reset", () => {
  it("mails a single-use link that sets a new password and ends the other sessions", async () => {
    const user = await makeUser("user");
    const before = await signIn(user.email, FACTORY_PASSWORD);
    expect(await actorFromHeaders(new Headers({ cookie: before.cookie }))).not.toBeNull();

    requestPasswordReset(user.email, context());
    await drainBackground();
    await drainJobs();
    const mail = sink.messages.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    const text = textOf(mail?.raw ?? "");
    const token = /reset-password\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();

    expect(await resetPassword(token as string, "Brand-New-Secret-9", context())).toBe(true);
    // The owner is told that the password changed.
    await drainBackground();
    await drainJobs();
    const changed = sink.messages.filter((m) => m.to.includes(user.email)).map((m) => textOf(m.raw));
    expect(changed.some((t) => t.includes("The password of your account was just changed"))).toBe(true);
    // Single use.
    expect(await resetPassword(token as string, "Another-New-Secret-9", context())).toBe(false);
    expect((await signIn(user.email, FACTORY_PASSWORD)).status).not.toBe(200);
    expect((await signIn(user.email, "Brand-New-Secret-9")).status).toBe(200);
    // The session from before the reset is gone.
    expect(await actorFromHeaders(new Headers({ cookie: before.cookie }))).toBeNull();
    const db = await getDb();
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.length).toBe(1);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const count = sink.messages.length;
    expect(requestPasswordReset("nobody@example.test", context())).toBeUndefined();
    await drainBackground();
    await drainJobs();
    expect(sink.messages.length).toBe(count);
  });

  it("refuses a weak new password on the reset link too", async () => {
    const user = await makeUser("user");
    requestPasswordReset(user.email, context());
    await drainBackground();
    await drainJobs();
    const mail = sink.messages.findLast((m) => m.to.includes(user.email));
    const token = /reset-password\?token=([\w-]+)/.exec(textOf(mail?.raw ?? ""))?.[1] as string;
    expect(token).toBeTruthy();
    const err = await resetPassword(token, "welcome123", context()).catch((e) => e);
    expect(err?.fieldErrors?.password).toMatch(/passwordWeakBecause/);
    expect(await resetPassword(token, "Brand-New-Secret-9", context())).toBe(true);
  });

  it("refuses a forged token", async () => {
    expect(await resetPassword("not-a-real-token", "Brand-New-Secret-9", context())).toBe(false);
  });
});
