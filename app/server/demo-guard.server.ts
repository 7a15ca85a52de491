/**
 * The demo rule (docs/decisions/0008): accounts whose passwords are published (the README's demo
 * table, the seed's shared neighbour password) are never served to other machines. At start, when the server
 * can be reached from elsewhere, every demo account whose published password still works stops the start
 * with a message saying what to change. An operator who changed those passwords, or removed the accounts,
 * starts normally.
 */
import { verifyPassword } from "better-auth/crypto";
import { and, eq, like } from "drizzle-orm";
import { accounts, users } from "@db/schema";
import { DEMO_EMAIL_DOMAIN, demoPasswordFor } from "~/seed/demo";
import { UnsafeStartError } from "~/server/bootstrap.server";
import { getDb } from "~/lib/db/db.server";

/** The demo accounts that still sign in with their published password. */
async function demoAccountsWithPublishedPasswords(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
  // One scrypt check per distinct (hash, password): the seed gives every neighbour the same hash.
  const verdicts = new Map<string, Promise<boolean>>();
  const open: string[] = [];
  for (const row of rows) {
    const password = demoPasswordFor(row.email);
    if (!password || !row.hash) continue;
    const key = `${row.hash}\u0000${password}`;
    if (!verdicts.has(key))
      verdicts.set(
        key,
        verifyPassword({ hash: row.hash, password }).catch(() => false),
      );
    if (await verdicts.get(key)) open.push(row.email);
  }
  return open;
}

export async function refuseExposedDemo(exposedBecause: string | null) {
  if (!exposedBecause) return;
  const open = await demoAccountsWithPublishedPasswords();
  if (open.length === 0) return;
  const shown = open.slice(0, 3).join(", ") + (open.length > 3 ? ` and ${open.length - 3} more` : "");
  throw new UnsafeStartError(
    `Refusing to start: the demo accounts ${shown} still have the passwords published in the README, and this ` +
      `server would be reachable from other machines (${exposedBecause}).\n` +
      "Either serve this machine only (HOST=127.0.0.1, the default, without TRUST_PROXY and without a PUBLIC_URL " +
      "of another machine), or use a database without the demo (a new PGLITE_DIR with SEED_DEMO=false, or " +
      "DATABASE_URL), or change those accounts' passwords.",
  );
}
