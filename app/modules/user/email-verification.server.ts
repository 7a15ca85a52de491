/**
 * Proving an address: a new account gets a mail with a link; opening it shows one button, and only that
 * button's POST marks the address verified (a mail scanner fetching the link verifies nobody). Alerts and
 * digests go to verified addresses only.
 *
 * The link's token is signed (lib/mail/tokens) and names a row of `verifications` (identifier
 * `email-verification:<address>`, value the user id, 7 days), never the account itself; the retention job
 * deletes expired rows and account erasure deletes the user's.
 */
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { users, verifications } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { baseUrl } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { isLocale } from "~/lib/i18n";
import { signToken, verifyToken } from "~/lib/mail/tokens.server";
import { queueTemplateMail } from "~/modules/mail/index.server";

const PURPOSE = "email-verify";
const TTL_SEC = 7 * 24 * 3600;
const identifierFor = (email: string) => `email-verification:${email}`;

/** Queues the verification mail of an account (in the caller's transaction when given). */
export async function sendVerificationMail(userId: string, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb());
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.verified) return;
  const id = crypto.randomUUID();
  await db.insert(verifications).values({
    id,
    identifier: identifierFor(user.email),
    value: user.id,
    expiresAt: new Date(Date.now() + TTL_SEC * 1000),
  });
  const token = await signToken(PURPOSE, id, { expiresInSec: TTL_SEC, db });
  await queueTemplateMail(
    "notice",
    {
      to: user.email,
      locale: isLocale(user.locale) ? user.locale : "en",
      data: {
        subjectKey: "mail:verifyEmail.subject",
        paragraphKeys: ["mail:common.greeting", "mail:verifyEmail.intro", "mail:verifyEmail.ignore"],
        values: { name: user.name },
        action: { labelKey: "mail:verifyEmail.button", url: `${baseUrl()}/verify-email?token=${token}` },
      },
    },
    db,
  );
}

/** A signed-in user asks for the mail again (the old links keep working until they expire). */
export async function resendVerificationMail(actor: Actor | null): Promise<void> {
  if (!actor) throw new ForbiddenError();
  await sendVerificationMail(actor.id);
}

type VerificationState = { status: "invalid" } | { status: "pending" | "verified" | "already"; email: string };

async function rowFor(token: string | null, db: DbOrTx) {
  const id = await verifyToken(PURPOSE, token, db);
  if (!id) return null;
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      verified: users.emailVerified,
      identifier: verifications.identifier,
    })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.id, id), gt(verifications.expiresAt, new Date())))
    .limit(1);
  // The address must still be the one the link was sent to.
  return row && row.identifier === identifierFor(row.email) ? row : null;
}

/** What a verification link would do, without doing it (the page's GET). */
export async function describeVerification(token: string | null): Promise<VerificationState> {
  const row = await rowFor(token, await getDb());
  if (!row) return { status: "invalid" };
  return { status: row.verified ? "already" : "pending", email: row.email };
}

/** The button's POST: marks the address verified and spends the link. */
export async function confirmEmail(token: string | null): Promise<VerificationState> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await rowFor(token, tx);
    if (!row) return { status: "invalid" as const };
    if (row.verified) return { status: "already" as const, email: row.email };
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await tx.delete(verifications).where(eq(verifications.identifier, identifierFor(row.email)));
    return { status: "verified" as const, email: row.email };
  });
}

/** Whether the signed-in user's address is verified (the profile and alert pages say so when it is not). */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.v ?? false;
}
