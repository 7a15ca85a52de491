/**
 * Subscription prices and the admin dashboard's revenue: the price is typed in euros and stored in cents;
 * a negative or non-numeric price answers a translated message and stores nothing; a month's revenue is the
 * sum of the active subscriptions running that month, over 12 months, and only administrators see it.
 */
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { todayIso } from "~/lib/i18n/format";
import { createSubscription } from "~/modules/subscription/subscription.server";
import { monthlyRevenue } from "~/modules/subscription/subscription.revenue.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as subscriptionsAction } from "~/routes/admin/subscriptions";
import { actorFor, makeMunicipality, makeUser } from "../factories";

type Answer = { status: number; body: Record<string, unknown> };

function contextFor(actor: Actor) {
  return {
    requestId: "test",
    nonce: "",
    locale: "en",
    ip: "127.0.0.1",
    t: (key: string) => key,
    getActor: async () => actor,
  };
}

async function post(actor: Actor, fields: Record<string, string>): Promise<Answer> {
  const request = new Request("http://localhost/admin/subscriptions", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const result = await subscriptionsAction({ request, context: contextFor(actor), params: {} } as never);
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const d = result as unknown as { data: Record<string, unknown>; init: { status?: number } };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as unknown as Record<string, unknown> };
}

async function subscriptionCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(subscriptions);
  return Number(row.n);
}

let admin: Actor;
let merchant: Actor;
let resident: Actor;

beforeAll(async () => {
  const town = (await makeMunicipality()).id;
  admin = await actorFor(await makeUser("admin"));
  merchant = await actorFor(await makeUser("merchant", { municipalityId: town }));
  resident = await actorFor(await makeUser("user", { municipalityId: town }));
});

const form = (price: string) => ({
  intent: "create",
  user_id: merchant.id,
  tier: "Basic",
  status: "active",
  start_date: "2020-01-01",
  monthly_price: price,
});

describe("the monthly price", () => {
  it("is typed in euros (point or comma) and stored in cents", async () => {
    expect((await post(admin, form("19,99"))).body).toMatchObject({ ok: true });
    expect((await post(admin, form("€ 5.5"))).body).toMatchObject({ ok: true });
    expect((await post(admin, form(""))).body).toMatchObject({ ok: true });
    const db = await getDb();
    const prices = (await db.select({ c: subscriptions.monthlyPriceCents }).from(subscriptions)).map((r) => r.c);
    expect(prices.sort((x, y) => x - y)).toEqual([0, 550, 1999]);
    await db.delete(subscriptions);
  });

  it("refuses a negative or non-numeric price with a translated message, storing nothing", async () => {
    const before = await subscriptionCount();
    const cases: [string, string][] = [
      ["-5", "admin:subscriptions.priceNegative"],
      ["- 1,00", "admin:subscriptions.priceNegative"],
      ["abc", "admin:subscriptions.priceInvalid"],
      ["12.345", "admin:subscriptions.priceInvalid"],
      ["1e5", "admin:subscriptions.priceInvalid"],
      ["100000.01", "admin:subscriptions.priceInvalid"],
    ];
    for (const [price, message] of cases) {
      const res = await post(admin, form(price));
      expect(res.status, price).toBe(400);
      expect(res.body.fieldErrors, price).toMatchObject({ monthly_price: message });
      expect(res.body.formError, price).toBe(message);
    }
    expect(await subscriptionCount()).toBe(before);
    const dir = path.resolve(process.cwd(), "app/locales");
    for (const locale of ["en", "nl", "fr"]) {
      const texts = JSON.parse(fs.readFileSync(path.join(dir, `${locale}/admin.json`), "utf8")).subscriptions;
      expect(texts.priceNegative, locale).toBeTruthy();
      expect(texts.priceInvalid, locale).toBeTruthy();
    }
  });
});

describe("revenue", () => {
  const sub = (status: "active" | "cancelled" | "trialing", cents: number, start: string, end: string | null) =>
    createSubscription(admin, {
      user_id: merchant.id,
      tier: "Premium",
      status,
      start_date: start,
      end_date: end,
      payment_customer_id: null,
      payment_subscription_id: null,
      monthly_price: cents,
    });

  it("sums the active subscriptions running each of the last 12 months", async () => {
    const db = await getDb();
    await db.delete(subscriptions);
    await sub("active", 1999, "2026-01-10", null);
    await sub("active", 4900, "2026-03-31", null);
    await sub("active", 500, "2025-11-01", "2026-02-01");
    await sub("cancelled", 10000, "2025-01-01", null);
    await sub("trialing", 700, "2026-03-01", null);
    await sub("active", 300, "2024-01-01", "2025-03-31");
    const months = await monthlyRevenue(admin, "2026-03-15");
    expect(months).toHaveLength(12);
    expect(months[0].month).toBe("2025-04");
    expect(months.at(-1)).toEqual({ month: "2026-03", cents: 1999 + 4900, subscriptions: 2 });
    const by = Object.fromEntries(months.map((m) => [m.month, m.cents]));
    expect(by["2026-02"]).toBe(1999 + 500);
    expect(by["2026-01"]).toBe(1999 + 500);
    expect(by["2025-12"]).toBe(500);
    expect(by["2025-10"]).toBe(0);
    expect(by["2025-04"]).toBe(0);
  });

  it("is for administrators only", async () => {
    await expect(monthlyRevenue(merchant)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(monthlyRevenue(resident)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("is the dashboard's revenue card: this month's sum, with the 12 months for the chart", async () => {
    const db = await getDb();
    await db.delete(subscriptions);
    const month = todayIso().slice(0, 7);
    await sub("active", 1250, `${month}-01`, null);
    await sub("active", 750, "2000-01-01", null);
    await sub("cancelled", 9999, `${month}-01`, null);
    const request = new Request("http://localhost/admin/dashboard");
    const data = (await dashboardLoader({ request, context: contextFor(admin), params: {} } as never)) as {
      revenue: { month: string; cents: number }[] | null;
    };
    expect(data.revenue).toHaveLength(12);
    expect(data.revenue?.at(-1)).toMatchObject({ month, cents: 2000 });
  });
});
