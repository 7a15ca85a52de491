/**
 * better-auth: email + password, sessions in the database, httpOnly cookies. Its HTTP handler is not
 * mounted: sign-in, sign-out and password reset run through our own actions, which call `auth.api.*`
 * in-process (so our rate limits and validation apply to them).
 */
import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { accounts, platformSettings, sessions, users, verifications } from "@db/schema";
import type { Role } from "@db/schema";
import { type Db, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { publicOrigin, trustedOrigins } from "~/lib/http/origin.server";

export type Actor = {
  id: string;
  email: string;
  name: string;
  role: Role;
  municipalityId: string | null;
  sessionId: string;
};

export const SESSION_COOKIE_PREFIX = "bp";

async function authSecret(db: Db): Promise<string> {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  // Embedded/demo mode: a random secret kept in the database, so sessions survive restarts.
  const key = "internal.auth_secret";
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  if (row) return row.value;
  const value = crypto.randomBytes(32).toString("base64url");
  await db.insert(platformSettings).values({ key, value }).onConflictDoNothing();
  const [saved] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return saved?.value ?? value;
}

const gs = globalThis as unknown as { __authSecret?: Promise<string> };
/** The secret signing sessions (and keying per-account counters): BETTER_AUTH_SECRET or the stored one. */
export function getAuthSecret(): Promise<string> {
  gs.__authSecret ??= getDb().then(authSecret);
  gs.__authSecret.catch(() => {
    gs.__authSecret = undefined;
  });
  return gs.__authSecret;
}

/** The site's public origin (PUBLIC_URL, or http://localhost:PORT): links in emails, trusted origins. */
export function baseUrl() {
  return publicOrigin();
}

type PasswordResetSender = (data: { user: { email: string; name: string }; token: string }) => Promise<void>;
let resetSender: PasswordResetSender = async () => {};
/** The mail module registers how reset links are delivered (keeps auth free of mail imports). */
export function onPasswordResetRequested(fn: PasswordResetSender) {
  resetSender = fn;
}

type PasswordResetDone = (user: { email: string; name: string }) => void;
let resetDone: PasswordResetDone = () => {};
/** Called once a reset link has set a new password (the owner is then told by email). */
export function onPasswordReset(fn: PasswordResetDone) {
  resetDone = fn;
}

async function createAuth() {
  const db = await getDb();
  const e = env();
  // Secure cookies whenever the site is served over TLS: an https PUBLIC_URL, or HSTS (behind a TLS proxy).
  const secure = baseUrl().startsWith("https://") || e.HSTS;
  return betterAuth({
    appName: "Buurtplatform",
    baseURL: baseUrl(),
    basePath: "/api/auth",
    secret: await getAuthSecret(),
    trustedOrigins: trustedOrigins(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => resetSender({ user, token }),
      onPasswordReset: async ({ user }) => resetDone(user),
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "user", required: false },
        municipalityId: { type: "string", input: false, required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

type Auth = Awaited<ReturnType<typeof createAuth>>;
const g = globalThis as unknown as { __auth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  g.__auth ??= createAuth();
  g.__auth.catch(() => {
    g.__auth = undefined;
  });
  return g.__auth;
}

/** Who is asking: the signed-in user from the session cookie, or null for a guest. */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  if (!headers.get("cookie")?.includes(`${SESSION_COOKIE_PREFIX}.`)) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers });
  if (!result?.user) return null;
  const u = result.user as typeof result.user & { role?: string; municipalityId?: string | null };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: (u.role as Role) ?? "user",
    municipalityId: u.municipalityId ?? null,
    sessionId: result.session.id,
  };
}
