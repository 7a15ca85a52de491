/** Admin user and merchant management: one transaction each, audit rows, and the rules of docs/product.md. */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, merchants, platformEventLogs, users } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { adminMerchantCreateSchema } from "~/modules/merchant/merchant.schema";
import { adminUserCreateSchema } from "~/modules/user/user.schema";
import {
  createMerchant,
  deleteMerchant,
  listMerchants,
  updateMerchant,
} from "~/modules/merchant/merchant.admin.server";
import { subjectHash } from "~/modules/privacy/erase.server";
import { createUser, deleteUser, listUsers, updateUser } from "~/modules/user/user.admin.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

async function logsFor(eventType: string, key: string, id: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(platformEventLogs)
    .where(eq(platformEventLogs.eventType, eventType))
    .orderBy(desc(platformEventLogs.createdAt));
  return rows.filter((r) => r.metadata[key] === id);
}

const PASSWORD = "Strong-Pass-2026";

describe("admin user management", () => {
  it("validates the add-user form as docs/product.md says", () => {
    const base = { name: "Ann", email: "ann@example.test", password: PASSWORD, confirmPassword: PASSWORD };
    expect(adminUserCreateSchema.safeParse({ ...base, role: "user" }).success).toBe(true);
    const mismatch = adminUserCreateSchema.safeParse({ ...base, confirmPassword: "Other-Pass-2026", role: "user" });
    expect(mismatch.success).toBe(false);
    const merchant = adminUserCreateSchema.safeParse({ ...base, role: "merchant" });
    expect(merchant.success).toBe(false);
    const paths = merchant.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["business_name", "business_email", "vat_number"]));
    expect(adminUserCreateSchema.safeParse({ ...base, role: "superuser" }).success).toBe(false);
  });

  it("creates a user with a credential account and logs it without the password", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const input = adminUserCreateSchema.parse({
      name: "Ann Admin-Made",
      email: "Ann.Made@Example.test",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: "user",
    });
    const user = await createUser(admin, input);
    expect(user.email).toBe("ann.made@example.test");
    const db = await getDb();
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account.providerId).toBe("credential");
    const [log] = await logsFor("user.created", "userId", user.id);
    expect(log.userId).toBe(admin.id);
    expect(JSON.stringify(log.metadata)).not.toContain(PASSWORD);
    const { rows, total } = await listUsers(admin, { q: "ann.made" });
    expect(total).toBe(1);
    expect(rows[0].id).toBe(user.id);
  });

  it("creates the merchant record together with a merchant-role user", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const input = adminUserCreateSchema.parse({
      name: "Bert",
      email: "bert.shop@example.test",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: "merchant",
      business_name: "Bert's Bikes",
      business_email: "bikes@example.test",
      vat_number: "BE 0123.456.789",
    });
    const user = await createUser(admin, input);
    const db = await getDb();
    const [m] = await db.select().from(merchants).where(eq(merchants.id, user.id));
    expect(m.businessName).toBe("Bert's Bikes");
    expect(m.vatNumber).toBe("BE 0123.456.789");
  });

  it("refuses a duplicate email and leaves nothing half-made", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const existing = await makeUser("user");
    const input = adminUserCreateSchema.parse({
      name: "Dup",
      email: existing.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: "user",
    });
    await expect(createUser(admin, input)).rejects.toBeInstanceOf(ValidationError);
  });

  it("updates only name and role, logging a role change as user.role_changed", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const target = await makeUser("user");
    await updateUser(admin, target.id, { name: "Renamed", role: "merchant" });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row.name).toBe("Renamed");
    expect(row.role).toBe("merchant");
    expect(row.email).toBe(target.email);
    // A new merchant gets a merchant record so the merchant panel works.
    const [m] = await db.select().from(merchants).where(eq(merchants.id, target.id));
    expect(m).toBeDefined();
    const [change] = await logsFor("user.role_changed", "userId", target.id);
    expect(change.metadata).toMatchObject({ from: "user", to: "merchant" });
    expect(change.userId).toBe(admin.id);
    const [updated] = await logsFor("user.updated", "userId", target.id);
    expect(updated.metadata.changed).toEqual(["name", "role"]);

    // A name-only change is not a role change.
    await updateUser(admin, target.id, { name: "Renamed again", role: "merchant" });
    expect(await logsFor("user.role_changed", "userId", target.id)).toHaveLength(1);
  });

  it("does not let an administrator change their own role or delete themselves", async () => {
    const admin = await actorFor(await makeUser("admin"));
    await expect(updateUser(admin, admin.id, { name: "Me", role: "user" })).rejects.toBeInstanceOf(ValidationError);
    await expect(deleteUser(admin, admin.id)).rejects.toBeInstanceOf(ValidationError);
  });

  it("deletes a user with its account and logs it", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const target = await makeUser("merchant");
    await deleteUser(admin, target.id);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    expect(await db.select().from(accounts).where(eq(accounts.userId, target.id))).toHaveLength(0);
    expect(await db.select().from(merchants).where(eq(merchants.id, target.id))).toHaveLength(0);
    // The same erasure as "Delete my account"; the log names a hash of the id, and the admin.
    const [logged] = await logsFor("user.account_deleted", "subject", subjectHash(target.id));
    expect(logged).toMatchObject({ userId: admin.id, metadata: { via: "admin", role: "merchant" } });
  });
});

describe("admin merchant management", () => {
  it("creates the account and the merchant in one go, VAT optional (null)", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const town = await makeMunicipality();
    const input = adminMerchantCreateSchema.parse({
      name: "Carla",
      email: "carla@example.test",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      business_name: "Carla's Café",
      business_email: "cafe@example.test",
      vat_number: "",
      municipality_id: town.id,
      category: "Food & Drink",
    });
    const user = await createMerchant(admin, input);
    const db = await getDb();
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    expect(u.role).toBe("merchant");
    const [m] = await db.select().from(merchants).where(eq(merchants.id, user.id));
    expect(m.vatNumber).toBeNull();
    expect(m.municipalityId).toBe(town.id);
    expect(await logsFor("merchant.created", "merchantId", user.id)).toHaveLength(1);
    const { rows } = await listMerchants(admin, { q: "carla's" });
    expect(rows[0]).toMatchObject({ userEmail: "carla@example.test", userName: "Carla", businessName: "Carla's Café" });
  });

  it("requires business name and email; passwords must match", () => {
    const r = adminMerchantCreateSchema.safeParse({
      name: "N",
      email: "n@example.test",
      password: PASSWORD,
      confirmPassword: "nope-nope-nope",
    });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["business_name", "business_email"]));
    const mismatch = adminMerchantCreateSchema.safeParse({
      name: "N",
      email: "n@example.test",
      password: PASSWORD,
      confirmPassword: "nope-nope-nope",
      business_name: "B",
      business_email: "b@example.test",
    });
    expect(mismatch.error?.issues.map((i) => i.path[0])).toEqual(["confirmPassword"]);
  });

  it("renames the linked user to the business name when updating", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const merchant = await makeUser("merchant");
    await updateMerchant(admin, merchant.id, {
      business_name: "New Name BV",
      business_email: "new@example.test",
      vat_number: null,
      municipality_id: null,
      category: "Retail",
      is_premium: true,
    });
    const db = await getDb();
    const [u] = await db.select().from(users).where(eq(users.id, merchant.id));
    expect(u.name).toBe("New Name BV");
    const [m] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(m).toMatchObject({ businessName: "New Name BV", isPremium: true, category: "Retail", vatNumber: null });
    const [log] = await logsFor("merchant.updated", "merchantId", merchant.id);
    expect(log.metadata.changed).toEqual(expect.arrayContaining(["businessName", "isPremium"]));
  });

  it("saved with the same business name, keeps the account's own name and names no changed field", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const merchant = await makeUser("merchant", { name: "Jef Peeters" });
    const db = await getDb();
    const translations = { fr: { description: "Une boulangerie." }, nl: { description: "Een bakkerij." } };
    await db.update(merchants).set({ description: "A bakery.", translations }).where(eq(merchants.id, merchant.id));
    const [m] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
    await updateMerchant(admin, merchant.id, {
      business_name: m.businessName,
      business_email: m.businessEmail,
      vat_number: m.vatNumber,
      municipality_id: m.municipalityId,
      category: m.category as "Retail" | null,
      is_premium: m.isPremium,
      description: m.description,
      original_locale: "en",
      // Keys in another order than the stored jsonb: the same translations.
      translations: { nl: { description: "Een bakkerij." }, fr: { description: "Une boulangerie." } },
    });
    const [u] = await db.select().from(users).where(eq(users.id, merchant.id));
    expect(u.name).toBe("Jef Peeters");
    const [log] = await logsFor("merchant.updated", "merchantId", merchant.id);
    expect(log.metadata.changed).toEqual([]);
  });

  it("deletes the merchant and its account together", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const merchant = await makeUser("merchant");
    await deleteMerchant(admin, merchant.id);
    const db = await getDb();
    expect(await db.select().from(merchants).where(eq(merchants.id, merchant.id))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, merchant.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, merchant.id), eq(accounts.providerId, "credential"))),
    ).toHaveLength(0);
    // The same erasure as "Delete my account", logged under a hash of the id.
    expect(await logsFor("user.account_deleted", "subject", subjectHash(merchant.id))).toHaveLength(1);
  });

  it("pages merchants newest first", async () => {
    const admin = await actorFor(await makeUser("admin"));
    for (let i = 0; i < 3; i++) await makeUser("merchant");
    const first = await listMerchants(admin, { page: 1, pageSize: 2 });
    const second = await listMerchants(admin, { page: 2, pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.rows[0].id).not.toBe(first.rows[0].id);
    const times = first.rows.map((r) => new Date(r.createdAt).getTime());
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
  });
});
