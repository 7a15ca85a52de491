/**
 * The admin pickers: users and merchants found by part of their name or e-mail on a table larger
 * than the old 1,000-row select, paged with a keyset cursor, and the chosen id checked on the server.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { merchants, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { LOOKUP_PAGE_SIZE, type LookupOption } from "~/lib/forms/lookup";
import { decodeCursor, lookupParams } from "~/lib/forms/lookup.server";
import { lookupMerchants } from "~/modules/merchant/merchant.admin.server";
import { promotionCommands } from "~/modules/promotion/promotion.server";
import { createSubscription, listSubscriptions } from "~/modules/subscription/subscription.server";
import { lookupUsers } from "~/modules/user/user.admin.server";
import { actorFor, makeUser } from "../factories";

const N = 1600;
const pad = (i: number) => String(i).padStart(4, "0");
const userId = (i: number) => `lookup-u-${pad(i)}`;
const MERCHANTS = 45;

let admin: Actor;

beforeAll(async () => {
  admin = await actorFor(await makeUser("admin"));
  const db = await getDb();
  const rows = Array.from({ length: N }, (_, k) => {
    const i = k + 1;
    return { id: userId(i), name: `Lookup Person ${pad(i)}`, email: `lookup-user-${pad(i)}@example.test` };
  });
  for (let k = 0; k < rows.length; k += 400) await db.insert(users).values(rows.slice(k, k + 400));
  // Merchants (the picker of promotions and events), more than two pages of them.
  const owners = Array.from({ length: MERCHANTS }, (_, k) => ({
    id: `lookup-m-${pad(k + 1)}`,
    name: `Owner ${pad(k + 1)}`,
    email: `lookup-owner-${pad(k + 1)}@example.test`,
    role: "merchant",
  }));
  await db.insert(users).values(owners);
  await db.insert(merchants).values(
    owners.map((o, k) => ({
      id: o.id,
      businessName: `Picker Bakery ${pad(k + 1)}`,
      businessEmail: `bakery-${pad(k + 1)}@shops.example.test`,
    })),
  );
});

/** Every page of a lookup, following the cursor. */
async function allPages(fetchPage: (cursor: string | null) => Promise<{ items: LookupOption[]; next: string | null }>) {
  const seen: LookupOption[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await fetchPage(cursor);
    expect(page.items.length).toBeLessThanOrEqual(LOOKUP_PAGE_SIZE);
    seen.push(...page.items);
    if (!page.next) break;
    cursor = page.next;
  }
  return seen;
}

describe("user picker", () => {
  it("finds the 1,500th user by part of the e-mail or of the name, and it can be chosen", async () => {
    const byEmail = await lookupUsers(admin, { q: "user-1500@" });
    expect(byEmail.items).toEqual([
      { id: userId(1500), label: "lookup-user-1500@example.test", detail: "Lookup Person 1500" },
    ]);
    expect(byEmail.next).toBeNull();

    const byName = await lookupUsers(admin, { q: "PERSON 1500" });
    expect(byName.items.map((o) => o.id)).toEqual([userId(1500)]);

    // Chosen: the subscription form posts that id, and the server accepts it.
    const row = await createSubscription(admin, {
      user_id: userId(1500),
      tier: "Premium",
      status: "active",
      start_date: "2026-01-01",
      end_date: null,
      payment_customer_id: null,
      payment_subscription_id: null,
    });
    expect(row.userId).toBe(userId(1500));
    const listed = await listSubscriptions(admin, { q: "lookup-user-1500" });
    expect(listed.rows.map((r) => r.userEmail)).toEqual(["lookup-user-1500@example.test"]);
  });

  it("pages through every user in e-mail order with the cursor, more than the old 1,000", async () => {
    const seen = await allPages((cursor) =>
      lookupUsers(admin, { q: "lookup-user", after: cursor ? decodeCursor(cursor) : null }),
    );
    expect(seen).toHaveLength(N);
    expect(new Set(seen.map((o) => o.id)).size).toBe(N);
    const emails = seen.map((o) => o.label);
    expect(emails).toEqual([...emails].sort());
    expect(emails[1499]).toBe("lookup-user-1500@example.test");
  });

  it("lists everyone without a search, and one or two characters match the start of a name or e-mail", async () => {
    const first = await lookupUsers(admin, {});
    expect(first.items).toHaveLength(LOOKUP_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const start = await lookupUsers(admin, { q: "lo" });
    expect(start.items.length).toBe(LOOKUP_PAGE_SIZE);
    expect(start.items.every((o) => /^lo/i.test(o.label) || /^lo/i.test(o.detail ?? ""))).toBe(true);
    // "ok" occurs inside "lookup" but starts nothing: nothing matches.
    expect((await lookupUsers(admin, { q: "ok" })).items).toEqual([]);
  });

  it("takes the wildcards of a search literally", async () => {
    expect((await lookupUsers(admin, { q: "lookup%1500" })).items).toEqual([]);
    expect((await lookupUsers(admin, { q: "user_1500" })).items).toEqual([]);
  });

  it("refuses a chosen id that does not exist, and a forged cursor", async () => {
    await expect(
      createSubscription(admin, {
        user_id: "no-such-user",
        tier: "Free",
        status: "active",
        start_date: "2026-01-01",
        end_date: null,
        payment_customer_id: null,
        payment_subscription_id: null,
      }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { user_id: "validation.invalid" } });
    expect(() => decodeCursor("not-a-cursor")).toThrow(ValidationError);
    expect(() => lookupParams(new URL("http://x/admin/lookup/users?cursor=%5B1%5D"))).toThrow(ValidationError);
    expect(lookupParams(new URL(`http://x/?q=${"a".repeat(300)}`)).q).toHaveLength(100);
  });

  it("answers administrators only", async () => {
    const merchant = await actorFor(await makeUser("merchant"));
    const user = await actorFor(await makeUser("user"));
    for (const actor of [merchant, user, null]) {
      await expect(lookupUsers(actor, { q: "lookup" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(lookupMerchants(actor, { q: "bakery" })).rejects.toBeInstanceOf(ForbiddenError);
    }
  });
});

describe("merchant picker", () => {
  it("finds a merchant by business name or e-mail and pages by name", async () => {
    const byName = await lookupMerchants(admin, { q: "bakery 0042" });
    expect(byName.items).toEqual([
      { id: "lookup-m-0042", label: "Picker Bakery 0042", detail: "bakery-0042@shops.example.test" },
    ]);
    const byEmail = await lookupMerchants(admin, { q: "BAKERY-0007@SHOPS" });
    expect(byEmail.items.map((o) => o.id)).toEqual(["lookup-m-0007"]);
    const seen = await allPages((cursor) =>
      lookupMerchants(admin, { q: "picker bakery", after: cursor ? decodeCursor(cursor) : null }),
    );
    expect(seen.map((o) => o.label)).toEqual(
      Array.from({ length: MERCHANTS }, (_, k) => `Picker Bakery ${pad(k + 1)}`),
    );
  });

  it("a promotion's merchant must exist", async () => {
    const commands = promotionCommands(admin);
    const input = {
      title: "Picked",
      description: null,
      image_url: null,
      valid_until: "2030-01-01",
      price: "€5",
      original_price: null,
      discount: null,
      terms_and_conditions: null,
      category: "Food & Drink",
      is_premium: false,
    };
    await expect(commands.create?.run({ ...input, merchant_id: "lookup-nobody" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { merchant_id: "validation.invalid" },
    });
    const created = (await commands.create?.run({ ...input, merchant_id: "lookup-m-0042" })) as { merchantId: string };
    expect(created.merchantId).toBe("lookup-m-0042");
  });
});
