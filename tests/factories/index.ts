/** Test data made through the real modules and tables (no mocks). */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { municipalities, sessions, users } from "@db/schema";
import type { Role } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { insertAccount } from "~/modules/user/user.server";

let counter = 0;
const uniq = () => `${Date.now().toString(36)}${(counter++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

export async function makeMunicipality(overrides: Partial<typeof municipalities.$inferInsert> = {}) {
  const db = await getDb();
  const id = uniq();
  const [row] = await db
    .insert(municipalities)
    .values({ name: `Town ${id}`, slug: `town-${id}`, isActive: true, ...overrides })
    .returning();
  return row;
}

// One hash for all factory accounts: scrypt is slow on purpose.
export const FACTORY_PASSWORD = "Correct-Horse-42";
let hash: Promise<string> | undefined;
async function factoryHash() {
  const { hashPassword } = await import("better-auth/crypto");
  hash ??= hashPassword(FACTORY_PASSWORD);
  return hash;
}

export async function makeUser(role: Role = "user", opts: { municipalityId?: string | null; name?: string } = {}) {
  const db = await getDb();
  const id = uniq();
  const user = await db.transaction((tx) =>
    factoryHash().then((h) =>
      insertAccount(
        tx,
        {
          name: opts.name ?? `${role} ${id}`,
          email: `${role}-${id}@example.test`,
          password: FACTORY_PASSWORD,
          role,
          municipalityId: opts.municipalityId ?? null,
          merchant:
            role === "merchant"
              ? { businessName: `Shop ${id}`, businessEmail: `shop-${id}@example.test`, vatNumber: "BE 0123.456.789" }
              : undefined,
        },
        h,
      ),
    ),
  );
  return user;
}

/** An Actor as the session middleware would build it, with a real session row. */
export async function actorFor(user: { id: string }): Promise<Actor> {
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, user.id));
  const sessionId = crypto.randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    token: crypto.randomBytes(16).toString("hex"),
    userId: u.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return { id: u.id, email: u.email, name: u.name, role: u.role as Role, municipalityId: u.municipalityId, sessionId };
}
