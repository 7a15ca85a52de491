/**
 * Start-up: validate configuration, open and migrate the database, seed the demo (embedded database
 * only) or create the first administrator (PostgreSQL), and close everything on shutdown.
 */
import { count, eq } from "drizzle-orm";
import { municipalities, users } from "@db/schema";
import { type DbOrTx, closeDatabase, configFromEnv, initDatabase } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { ValidationError } from "~/lib/http/errors";
import { messageKey } from "~/lib/i18n/keys";
import { serverT } from "~/lib/i18n/locale.server";
import { log } from "~/lib/log.server";
import { startWorker, stopWorker } from "~/lib/jobs/jobs.server";
import { startChangeFeed, stopChangeFeed } from "~/lib/cache/change-feed.server";
import { closeMailTransport } from "~/lib/mail/mail.server";

type BootstrapResult = {
  database: "pglite" | "postgres";
  seeded: boolean;
  demoAccounts: readonly DemoAccount[];
};
type DemoAccount = { role: string; email: string; password: string };

/** A configuration the server refuses to start with (the message says what to change). */
export class UnsafeStartError extends Error {}

/**
 * `exposedBecause`: why the server can be reached from other machines (lib/http/net.ts `exposure`), or null. A
 * demo with published passwords is seeded only when it cannot be (docs/decisions/0008).
 */
/** Creates an account in a transaction: given by the caller (app/server/), since lib/ imports no module. */
type CreateAccount = (
  tx: DbOrTx,
  account: { name: string; email: string; password: string; role: "admin"; municipalityId: null },
) => Promise<unknown>;

export async function bootstrap(options: {
  exposedBecause?: string | null;
  createAccount: CreateAccount;
}): Promise<BootstrapResult> {
  const e = env();
  const config = configFromEnv();
  const handle = await initDatabase(config);
  // Every process hears every other's writes (PostgreSQL; PGlite is one process).
  await startChangeFeed(config);
  const db = handle.db;
  let seeded = false;
  let demoAccounts: readonly DemoAccount[] = [];

  if (handle.kind === "pglite" && e.SEED_DEMO !== false) {
    const [{ n }] = await db.select({ n: count() }).from(municipalities);
    if (n === 0) {
      if (options.exposedBecause) {
        throw new UnsafeStartError(
          `Refusing to seed the demo: its accounts have the passwords published in the README, and this server ` +
            `would be reachable from other machines (${options.exposedBecause}).\n` +
            "Either serve this machine only (HOST=127.0.0.1, the default, without TRUST_PROXY and without a " +
            "PUBLIC_URL of another machine), or start without the demo (SEED_DEMO=false).",
        );
      }
      const { seedDemo } = await import("~/seed/demo");
      await seedDemo(db);
      seeded = true;
      log("info", "demo data seeded");
    }
    if (!options.exposedBecause) {
      const { DEMO_ACCOUNTS } = await import("~/seed/demo");
      demoAccounts = DEMO_ACCOUNTS;
    }
  }

  if (e.ADMIN_EMAIL && e.ADMIN_PASSWORD) {
    const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
    if (n === 0) {
      await db
        .transaction((tx) =>
          options.createAccount(tx, {
            name: "Administrator",
            email: e.ADMIN_EMAIL as string,
            password: e.ADMIN_PASSWORD as string,
            role: "admin",
            municipalityId: null,
          }),
        )
        .catch((err) => {
          // The one password rule applies to the first administrator too.
          if (err instanceof ValidationError && err.fieldErrors.password) {
            const reason = serverT("en")(messageKey(err.fieldErrors.password));
            throw new UnsafeStartError(`Invalid configuration:\n  ADMIN_PASSWORD: ${reason}`);
          }
          throw err;
        });
      log("info", "first administrator created", { email: e.ADMIN_EMAIL });
    }
  }
  // Background work (mail, alerts, digests) runs in every app process; JOBS_WORKER=false turns it off here.
  if (e.JOBS_WORKER) startWorker();
  return { database: handle.kind, seeded, demoAccounts };
}

export async function shutdown() {
  await stopWorker();
  closeMailTransport();
  await stopChangeFeed();
  await closeDatabase();
}
