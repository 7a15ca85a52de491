/**
 * on the real modules and routes: sign-in limits applied where the action runs (per address,
 * IPv6 by /64) and per account; one password rule everywhere; the current password for a change and a mail
 * when it changed; a reset request answered before anything about the address is known.
 */
import { messageKey } from "~/lib/i18n/keys";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signInFailures } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { drainBackground } from "~/lib/jobs/background.server";
import { drainJobs } from "~/lib/jobs/jobs.server";
import "~/jobs.server";
import { createAppContext } from "~/lib/http/context.server";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { ValidationError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { addressSubject, hit } from "~/lib/http/rate-limit.server";
import { newPasswordProblem } from "~/modules/user/password-strength.server";
import { signIn } from "~/modules/user/session.server";
import { profileSchema, registerSchema } from "~/modules/user/user.schema";
import { registerAccount, updateProfile } from "~/modules/user/user.server";
import * as forgotRoute from "~/routes/account/forgot-password";
import * as loginRoute from "~/routes/account/login";
import * as profileRoute from "~/routes/account/profile";
import { FACTORY_PASSWORD, actorFor, makeMunicipality, makeUser } from "../factories";
import { startSmtpSink, textOf } from "../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const SLOW_SMTP_MS = 1500;

beforeAll(async () => {
  sink = await startSmtpSink({ delayMs: SLOW_SMTP_MS });
  process.env.SMTP_URL = sink.url;
  resetEnvCache();
});
afterAll(async () => {
  await drainBackground();
  await drainJobs();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await sink.close();
});
beforeEach(() => {
  process.env.RATE_LIMIT_AUTH = "off";
});
afterEach(() => {
  delete process.env.RATE_LIMIT_AUTH;
});

function contextFor(actor: Actor | null, ip = "127.0.0.1"): AppLoadContext {
  return {
    requestId: "test",
    nonce: "n",
    locale: "en",
    t: serverT("en"),
    ip,
    getActor: async () => actor,
  } as AppLoadContext;
}

const post = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(body) });

/** What an action answered: its status and data (a returned or thrown `data()`, or a redirect). */
async function answer(fn: () => Promise<unknown>) {
  try {
    const r = (await fn()) as { type?: string; init?: { status?: number; headers?: HeadersInit }; data?: unknown };
    if (r instanceof Response) return { status: r.status, data: null, headers: r.headers };
    if (r && r.type === "DataWithResponseInit") {
      return { status: r.init?.status ?? 200, data: r.data, headers: new Headers(r.init?.headers) };
    }
    return { status: 200, data: r, headers: new Headers() };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, data: null, headers: e.headers };
    throw e;
  }
}

describe("sign-in limits", () => {
  it("the tight limit is counted in the sign-in action itself, per address, IPv6 clients by their /64", async () => {
    process.env.RATE_LIMIT_AUTH = "2/1m";
    const tryLogin = (ip: string) =>
      answer(() =>
        loginRoute.action({
          request: post("/login", { email: "nobody@example.test", password: "x" }),
          context: contextFor(null, ip),
          params: {},
        } as never),
      );
    const a = "2001:db8:77:1::10";
    const b = "2001:db8:77:1:ffff::99"; // same /64
    const c = "2001:db8:77:2::10"; // another /64
    expect((await tryLogin(a)).status).toBe(401);
    expect((await tryLogin(b)).status).toBe(401);
    const limited = await tryLogin(a);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((limited.data as { error: string }).error).toBe("errors.tooManyRequests");
    expect((await tryLogin(b)).status).toBe(429);
    expect((await tryLogin(c)).status).toBe(401);
    expect(addressSubject("::ffff:10.1.2.3")).toBe("ip:10.1.2.3");
  });

  it("an account with too many failures is locked for a delay that grows, whatever address asks", async () => {
    const user = await makeUser("user");
    const wrong = (i: number) =>
      signIn(user.email, "Wrong-Password-1", new Request("http://x"), contextFor(null, `10.0.${i}.1`));
    for (let i = 1; i <= 5; i++) expect(await wrong(i)).toEqual({ ok: false });
    // The sixth failure starts a 30-second lock: from now on even the right password is refused.
    expect(await wrong(6)).toEqual({ ok: false });
    const right = await signIn(user.email, FACTORY_PASSWORD, new Request("http://x"), contextFor(null, "10.9.9.9"));
    expect(right.ok).toBe(false);
    expect(right.ok === false && right.retryAfterSec).toBeGreaterThan(20);
    // The lock says nothing about existence: an unknown address is counted and locked the same way.
    const ghost = "ghost-account@example.test";
    for (let i = 1; i <= 6; i++) {
      expect(await signIn(ghost, "x", new Request("http://x"), contextFor(null, `10.1.${i}.1`))).toEqual({ ok: false });
    }
    const locked = await signIn(ghost, "x", new Request("http://x"), contextFor(null, "10.1.99.1"));
    expect(locked.ok === false && locked.retryAfterSec).toBeGreaterThan(20);
    // No address is stored: the key is a keyed hash.
    const db = await getDb();
    const rows = await db.select().from(signInFailures);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r.key).not.toContain("@");
    // The login page answers 429 with the delay.
    const page = await answer(() =>
      loginRoute.action({
        request: post("/login", { email: user.email, password: FACTORY_PASSWORD }),
        context: contextFor(null, "10.5.5.5"),
        params: {},
      } as never),
    );
    expect(page.status).toBe(429);
    expect(page.data).toMatchObject({ error: "account:login.errors.locked" });
  });

  it("a successful sign-in clears the account's failures", async () => {
    const user = await makeUser("user");
    for (let i = 0; i < 4; i++) await signIn(user.email, "nope-nope", new Request("http://x"), contextFor(null));
    expect((await signIn(user.email, FACTORY_PASSWORD, new Request("http://x"), contextFor(null))).ok).toBe(true);
    for (let i = 0; i < 5; i++) await signIn(user.email, "nope-nope", new Request("http://x"), contextFor(null));
    expect((await signIn(user.email, FACTORY_PASSWORD, new Request("http://x"), contextFor(null))).ok).toBe(true);
  });

  it("counts a general-rule hit per process without touching the account table", async () => {
    process.env.RATE_LIMIT_GENERAL = "1/1m";
    const s = addressSubject(`192.0.2.${Math.floor(Math.random() * 250)}`);
    expect((await hit("general", s)).allowed).toBe(true);
    expect((await hit("general", s)).allowed).toBe(false);
    delete process.env.RATE_LIMIT_GENERAL;
  });
});

describe("one password rule", () => {
  it("refuses common and guessable passwords with the reason, in every language", () => {
    for (const weak of ["welcome123", "1qaz2wsx", "qwertyui", "wachtwoord", "motdepasse1", "azertyuiop", "Password1"]) {
      const problem = newPasswordProblem(weak);
      expect(problem, weak).toMatch(/^validation\.passwordWeakBecause\./);
      for (const lng of ["en", "nl", "fr"] as const) {
        const text = serverT(lng)(messageKey(problem as string));
        expect(text, `${lng} ${problem}`).not.toBe(problem);
        expect(text.length).toBeGreaterThan(10);
      }
    }
    expect(newPasswordProblem("short1!")).toBe("validation.passwordTooShort");
    expect(newPasswordProblem("Lotte-Janssens", ["lotte.janssens@example.test", "Lotte Janssens"])).toMatch(
      /passwordWeakBecause/,
    );
    for (const strong of ["Zonnebloem-Fiets-2026", "correct horse battery staple", FACTORY_PASSWORD]) {
      expect(newPasswordProblem(strong), strong).toBeNull();
    }
  });

  it("applies at registration, with the one minimum length in the message", async () => {
    const m = await makeMunicipality();
    const base = {
      accountType: "user",
      name: "Lotte Janssens",
      email: `lotte-${Date.now()}@example.test`,
      municipalityId: m.id,
    };
    const short = registerSchema.safeParse({ ...base, password: "abc1234", confirmPassword: "abc1234" });
    expect(short.error?.issues[0].message).toBe("validation.passwordTooShort");
    expect(serverT("en")("validation.passwordTooShort")).toBe("Password must be at least 8 characters long.");
    const err = await registerAccount(
      registerSchema.parse({ ...base, password: "welcome123", confirmPassword: "welcome123" }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.fieldErrors.password).toMatch(/^validation\.passwordWeakBecause\./);
  });
});

describe("changing the password on /profile", () => {
  const change = (current: string, next: string) =>
    profileSchema.parse({
      name: "Els",
      municipalityId: "",
      currentPassword: current,
      password: next,
      confirmPassword: next,
    });

  it("needs the current password, refuses a wrong one and counts it as a failed sign-in", async () => {
    const user = await makeUser("user", { name: "Els" });
    const actor = await actorFor(user);
    const missing = profileSchema.safeParse({
      name: "Els",
      municipalityId: "",
      password: "Nieuw-Wachtwoord-5",
      confirmPassword: "Nieuw-Wachtwoord-5",
    });
    expect(missing.error?.issues.map((i) => i.message)).toContain("account:profile.errors.currentRequired");
    const wrong = await updateProfile(actor, change("Not-My-Password-1", "Nieuw-Wachtwoord-5")).catch((e) => e);
    expect(wrong).toBeInstanceOf(ValidationError);
    expect(wrong.fieldErrors.currentPassword).toBe("account:profile.errors.currentWrong");
    // Six wrong guesses from a stolen session lock the account, like failed sign-ins.
    for (let i = 0; i < 5; i++)
      await updateProfile(actor, change("Not-My-Password-1", "Nieuw-Wachtwoord-5")).catch(() => {});
    const locked = await updateProfile(actor, change(FACTORY_PASSWORD, "Nieuw-Wachtwoord-5")).catch((e) => e);
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("account:login.errors.locked");
  });

  it("sets the new password with the right current one and mails the owner", async () => {
    const user = await makeUser("user", { name: "Els" });
    const actor = await actorFor(user);
    const weak = await updateProfile(actor, change(FACTORY_PASSWORD, "password1")).catch((e) => e);
    expect(weak.fieldErrors?.password).toMatch(/passwordWeakBecause/);
    const before = sink.messages.length;
    const result = await answer(() =>
      profileRoute.action({
        request: post("/profile", {
          name: "Els",
          municipalityId: "",
          currentPassword: FACTORY_PASSWORD,
          password: "Nieuw-Wachtwoord-5",
          confirmPassword: "Nieuw-Wachtwoord-5",
        }),
        context: contextFor(actor),
        params: {},
      } as never),
    );
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    await drainBackground();
    await drainJobs();
    const mail = sink.messages.slice(before).find((m) => m.to.includes(user.email));
    expect(mail, "a password-changed mail").toBeDefined();
    expect(textOf(mail?.raw ?? "")).toContain("The password of your account was just changed");
    expect((await signIn(user.email, "Nieuw-Wachtwoord-5", new Request("http://x"), contextFor(null))).ok).toBe(true);
  });
});

describe("password reset request timing", () => {
  const ask = (email: string) =>
    answer(() =>
      forgotRoute.action({
        request: post("/forgot-password", { email }),
        context: createAppContext({ url: "http://localhost/forgot-password", headers: new Headers(), ip: "127.0.0.1" }),
        params: {},
      } as never),
    );

  it("answers a known and an unknown address alike, before the mail (or anything else) is done", async () => {
    const user = await makeUser("user");
    const before = sink.messages.length;
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const [kind, email] of [
        ["known", user.email],
        ["unknown", `nobody-${i}@example.test`],
      ] as const) {
        const started = performance.now();
        const r = await ask(email);
        times[kind].push(performance.now() - started);
        expect(r.status).toBe(200);
        expect(r.data).toEqual({ ok: true, error: null });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // The SMTP relay takes 1.5 s per message: an answer that waited for it (or for the token and the audit
    // row) would show here.
    expect(median(times.known)).toBeLessThan(SLOW_SMTP_MS / 3);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(100);
    await drainBackground(20_000);
    await drainJobs();
    const mails = sink.messages.slice(before).filter((m) => m.to.includes(user.email));
    expect(mails.length).toBe(5);
    expect(sink.messages.slice(before).some((m) => m.to.some((t) => t.startsWith("nobody-")))).toBe(false);
  }, 30_000);
});

describe("the per-account table", () => {
  it("holds no address and empties on success", async () => {
    const user = await makeUser("user");
    await signIn(user.email, "nope-nope-nope", new Request("http://x"), contextFor(null));
    const db = await getDb();
    const all = await db.select().from(signInFailures);
    expect(all.every((r) => !r.key.includes(user.email))).toBe(true);
    await signIn(user.email, FACTORY_PASSWORD, new Request("http://x"), contextFor(null));
    const n = (await db.select().from(signInFailures)).length;
    expect(n).toBe(all.length - 1);
    expect(await db.select().from(signInFailures).where(eq(signInFailures.failures, -1))).toEqual([]);
  });
});
