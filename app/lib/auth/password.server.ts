/**
 * Checks of a signed-in account's own password, shared by every page that asks for it again before a sensitive
 * change (a new password, deleting the account).
 */
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { accounts } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { HttpError, ValidationError } from "~/lib/http/errors";
import { accountLock } from "~/lib/http/rate-limit.server";

/**
 * The current password is checked (ASVS 6.2.3) before a new one is set; a wrong one counts as a failed
 * sign-in of the account (rate-limit.server.ts `accountLock`), so a stolen session cannot guess it either.
 */
export async function checkCurrentPassword(user: { id: string; email: string }, password: string) {
  const wait = await accountLock.retryAfter(user.email);
  if (wait > 0) {
    throw new HttpError(429, "account:login.errors.locked", {}, { count: String(Math.ceil(wait / 60)) });
  }
  const db = await getDb();
  const [account] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
    .limit(1);
  const ok = account?.hash ? await verifyPassword({ hash: account.hash, password }).catch(() => false) : false;
  if (!ok) {
    await accountLock.fail(user.email);
    throw new ValidationError("account:profile.errors.currentWrong", {
      currentPassword: "account:profile.errors.currentWrong",
    });
  }
  await accountLock.clear(user.email);
}
