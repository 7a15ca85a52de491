/**
 * Start-up: validate configuration, open and migrate the database, seed the demo (embedded database
 * only) or create the first administrator (PostgreSQL), and close everything on shutdown.
 */
import { count, eq } from "drizzle-orm";
import { municipalities, users } from "@db/schema";
import { type DbOrTx, closeDatabase, configFromEnv, initDatabase } from "./db.server";
import { env } from "./env.server";
import { log } from "./log.server";

export type BootstrapResult = {
  database: "pglite" | "postgres";
  seeded: boolean;
  demoAccounts: readonly DemoAccount[];
};
type DemoAccount = { role: string; email: string; password: string };

/** Creates an account in a transaction: given by the caller (app/server/), since lib/ imports no module. */
export type CreateAccount = (
  tx: DbOrTx,
  account: { name: string; email: string; password: string; role: "admin"; municipalityId: null },
) => Promise<unknown>;

export async function bootstrap(createAccount: CreateAccount): Promise<BootstrapResult> {
  const e = env();
  const config = configFromEnv();
  const handle = await initDatabase(config);
  const db = handle.db;
  let seeded = false;
  let demoAccounts: readonly DemoAccount[] = [];

  if (handle.kind === "pglite" && e.SEED_DEMO !== false) {
    const { seedDemo, DEMO_ACCOUNTS } = await import("@db/seed/demo");
    demoAccounts = DEMO_ACCOUNTS;
    const [{ n }] = await db.select({ n: count() }).from(municipalities);
    if (n === 0) {
      await seedDemo(db);
      seeded = true;
      log("info", "demo data seeded");
    }
  }

  if (e.ADMIN_EMAIL && e.ADMIN_PASSWORD) {
    const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
    if (n === 0) {
      await db.transaction((tx) =>
        createAccount(tx, {
          name: "Administrator",
          email: e.ADMIN_EMAIL as string,
          password: e.ADMIN_PASSWORD as string,
          role: "admin",
          municipalityId: null,
        }),
      );
      log("info", "first administrator created", { email: e.ADMIN_EMAIL });
    }
  }
  return { database: handle.kind, seeded, demoAccounts };
}

export async function shutdown() {
  await closeDatabase();
}
