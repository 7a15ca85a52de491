/** The merchant panel's route actions, called with crafted form posts as a browser could send them. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, merchants, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { createEvent } from "~/modules/event/event.server";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { createPromotion } from "~/modules/promotion/promotion.server";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { action as eventsAction } from "~/routes/merchant/events";
import { action as profileAction } from "~/routes/merchant/profile";
import { action as promotionsAction } from "~/routes/merchant/promotions";
import { actorFor, makeMunicipality, makeUser } from "../factories";

type AnyAction = (args: never) => Promise<unknown>;

/** Posts a form to an action as `actor`; answers { status, body } or the thrown redirect's location. */
async function post(action: AnyAction, actor: Actor | null, fields: Record<string, string>) {
  const request = new Request("http://localhost/merchant/x", { method: "POST", body: new URLSearchParams(fields) });
  const context = {
    requestId: "test",
    nonce: "",
    locale: "en",
    ip: "127.0.0.1",
    t: (key: string) => key,
    getActor: async () => actor,
  };
  try {
    const result = await action({ request, context, params: {} } as never);
    if (
      result &&
      typeof result === "object" &&
      "type" in result &&
      (result as { type: string }).type === "DataWithResponseInit"
    ) {
      const d = result as unknown as { data: unknown; init: { status?: number } };
      return { status: d.init?.status ?? 200, body: d.data as Record<string, unknown> };
    }
    return { status: 200, body: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

let a: Actor;
let b: Actor;
let townA: string;
let townB: string;

beforeAll(async () => {
  townA = (await makeMunicipality()).id;
  townB = (await makeMunicipality()).id;
  a = await actorFor(await makeUser("merchant", { municipalityId: townA }));
  b = await actorFor(await makeUser("merchant", { municipalityId: townB }));
});

describe("merchant panel actions", () => {
  it("create ignores a forged merchant_id, municipality_id and is_premium", async () => {
    const res = await post(promotionsAction as AnyAction, a, {
      intent: "create",
      title: "Forged owner",
      valid_until: "2099-01-01",
      pricing_mode: "price",
      price: "€3",
      merchant_id: b.id,
      municipality_id: townB,
      is_premium: "on",
      category: "Gaming",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: "merchant:promotions.success.added" });
    const db = await getDb();
    const [row] = await db.select().from(promotions).where(eq(promotions.title, "Forged owner"));
    expect([row.merchantId, row.municipalityId, row.isPremium, row.category]).toEqual([a.id, townA, false, null]);
  });

  it("update and delete of another merchant's row answer 404 and change nothing", async () => {
    const theirs = await createPromotion(
      b,
      merchantPromotionSchema.parse({ title: "B keeps this", valid_until: "2099-01-01", price: "1" }),
    );
    const upd = await post(promotionsAction as AnyAction, a, {
      intent: "update",
      id: theirs.id,
      title: "stolen",
      valid_until: "2099-01-01",
      price: "0",
      merchant_id: a.id,
    });
    expect(upd.status).toBe(404);
    expect(upd.body).toMatchObject({
      ok: false,
      formError: "merchant:promotions.errors.updateFailed",
      params: { message: "merchant:promotions.errors.notFound" },
    });
    const del = await post(promotionsAction as AnyAction, a, { intent: "delete", id: theirs.id });
    expect(del.status).toBe(404);
    const theirEvent = await createEvent(
      b,
      merchantEventSchema.parse({ title: "B event", start_date: "2099-01-01", venue: "v", category: "Arts" }),
    );
    const delEvent = await post(eventsAction as AnyAction, a, { intent: "delete", id: theirEvent.id });
    expect(delEvent.status).toBe(404);
    const db = await getDb();
    expect((await db.select().from(promotions).where(eq(promotions.id, theirs.id)))[0].title).toBe("B keeps this");
    expect(await db.select().from(events).where(eq(events.id, theirEvent.id))).toHaveLength(1);
  });

  it("answers 400 with the documented required message for missing fields", async () => {
    const res = await post(eventsAction as AnyAction, a, { intent: "create", title: "" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, formError: "merchant:events.errors.required" });
    const bad = await post(promotionsAction as AnyAction, a, { intent: "explode" });
    expect(bad.status).toBe(400);
  });

  it("profile update writes only the actor's own record and ignores is_premium and vat_number", async () => {
    const res = await post(profileAction as AnyAction, a, {
      intent: "update",
      business_name: "A's shop",
      business_email: "a@shop.test",
      municipality_id: townA,
      is_premium: "on",
      vat_number: "forged",
      id: b.id,
      hours_Friday: "9-17",
    });
    expect(res.body).toMatchObject({ ok: true });
    const db = await getDb();
    const [mine] = await db.select().from(merchants).where(eq(merchants.id, a.id));
    const [theirs] = await db.select().from(merchants).where(eq(merchants.id, b.id));
    expect([mine.businessName, mine.isPremium, mine.vatNumber]).toEqual(["A's shop", false, "BE 0123.456.789"]);
    expect(mine.openingHours).toEqual([{ day: "Friday", hours: "9-17" }]);
    expect(theirs.businessName).not.toBe("A's shop");
  });

  it("guards every action: no session to /login, other roles to /", async () => {
    const user = await actorFor(await makeUser("user"));
    const admin = await actorFor(await makeUser("admin"));
    for (const action of [promotionsAction, eventsAction, profileAction] as AnyAction[]) {
      const guest = await post(action, null, { intent: "create" });
      expect(guest.status).toBe(302);
      expect(guest.location).toMatch(/^\/login/);
      for (const who of [user, admin]) {
        const res = await post(action, who, { intent: "create" });
        expect(res).toMatchObject({ status: 302, location: "/" });
      }
    }
  });
});
