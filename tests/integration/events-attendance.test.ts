/**
 * Events that do what their buttons say, promotion tags and practical information, on a real database:
 * registering and cancelling through the event page's action (and every refusal storing nothing), the real
 * count on lists and the page, the organiser's list of first names, tags chosen in the panel and filtered on
 * in the public list, practical information in three languages, the export and erasure of registrations,
 * and the About page's real figures.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventAttendances, events, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { drainJobs } from "~/lib/jobs/jobs.server";
import "~/jobs.server";
import { attendeesOf } from "~/modules/event/event.attendance.server";
import { findPublicEvent, listPublicEvents } from "~/modules/event/event.queries.server";
import { platformFigures } from "~/modules/municipality/figures.server";
import { deleteOwnAccount, getExportFile, requestExport } from "~/modules/privacy/privacy.server";
import { listPublicPromotions, promotionFiltersFrom } from "~/modules/promotion/promotion.queries.server";
import { action as eventAction, loader as eventLoader } from "~/routes/site/event-detail";
import { action as eventsPanelAction, loader as eventsPanelLoader } from "~/routes/merchant/events";
import { action as promotionsPanelAction } from "~/routes/merchant/promotions";
import { FACTORY_PASSWORD, actorFor, makeMunicipality, makeUser } from "../factories";
import { isoDay, makeEvent, makePromotion } from "./public-helpers";

type AnyFn = (args: never) => Promise<unknown>;
type Answer = { status: number; body?: Record<string, unknown>; location?: string | null };

/** Calls a route's action or loader as `actor` with a form (or a GET); answers its status and body. */
async function call(fn: AnyFn, actor: Actor | null, url: string, params: Record<string, string>, form?: object) {
  const request = new Request(`http://localhost${url}`, {
    method: form ? "POST" : "GET",
    ...(form ? { body: new URLSearchParams(form as Record<string, string>) } : {}),
  });
  const context = {
    requestId: "test",
    nonce: "",
    locale: "en",
    ip: "127.0.0.1",
    t: (key: string) => key,
    getActor: async () => actor,
  };
  try {
    const result = await fn({ request, context, params } as never);
    if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
      const d = result as unknown as { data: Record<string, unknown>; init: { status?: number } };
      return { status: d.init?.status ?? 200, body: d.data } satisfies Answer;
    }
    return { status: 200, body: result as Record<string, unknown> } satisfies Answer;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

let town: { id: string; slug: string };
let otherTown: { id: string; slug: string };
let merchant: Actor;
let otherMerchant: Actor;
let resident: Actor;
let neighbour: Actor;

beforeAll(async () => {
  town = await makeMunicipality();
  otherTown = await makeMunicipality();
  merchant = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
  otherMerchant = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
  resident = await actorFor(await makeUser("user", { municipalityId: town.id, name: "Emma Peeters" }));
  neighbour = await actorFor(await makeUser("user", { municipalityId: town.id, name: "Jan Vandenberghe" }));
});

const registrations = async (eventId: string) => {
  const db = await getDb();
  return db.select().from(eventAttendances).where(eq(eventAttendances.eventId, eventId));
};
const attend = (actor: Actor | null, eventId: string, intent = "register", slug = town.slug) =>
  call(eventAction, actor, `/events/${slug}/${eventId}`, { municipality: slug, eventId }, { intent });

describe("registering for an event", () => {
  it("records a resident's attendance, shows the real count, and cancels it", async () => {
    const event = await makeEvent(merchant.id, town.id, { title: "Jazz brunch", attendees: 80 });
    const registered = await attend(resident, event.id);
    expect(registered).toMatchObject({ status: 200, body: { ok: true, message: "site:attendance.registered" } });
    expect(await registrations(event.id)).toHaveLength(1);

    const page = await call(eventLoader, resident, `/events/${town.slug}/${event.id}`, {
      municipality: town.slug,
      eventId: event.id,
    });
    const data = page.body as { event: { attending: number; attendees: number }; attendance: { mine: boolean } };
    // The registrations are the count; the organiser's 80 stays its expectation.
    expect(data.event).toMatchObject({ attending: 1, attendees: 80 });
    expect(data.attendance.mine).toBe(true);
    const list = await listPublicEvents(town.id, { category: null, when: "upcoming", page: 1 });
    expect(list.items.find((e) => e.id === event.id)?.attending).toBe(1);

    expect(await attend(resident, event.id, "cancel")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await registrations(event.id)).toHaveLength(0);
    expect((await findPublicEvent(town.id, event.id))?.attending).toBe(0);
  });

  it("refuses twice, an event that is over, a non-resident and a bad intent with a message, storing nothing", async () => {
    const event = await makeEvent(merchant.id, town.id);
    const past = await makeEvent(merchant.id, town.id, { startDate: isoDay(-2) });
    await attend(resident, event.id);

    expect(await attend(resident, event.id)).toMatchObject({
      status: 400,
      body: { ok: false, formError: "site:attendance.errors.already" },
    });
    expect(await registrations(event.id)).toHaveLength(1);
    expect(await attend(neighbour, event.id, "cancel")).toMatchObject({
      status: 400,
      body: { formError: "site:attendance.errors.notRegistered" },
    });
    expect(await attend(resident, past.id)).toMatchObject({
      status: 400,
      body: { formError: "site:attendance.errors.over" },
    });
    expect(await registrations(past.id)).toHaveLength(0);
    expect(await attend(merchant, event.id)).toMatchObject({
      status: 400,
      body: { formError: "site:attendance.errors.residentsOnly" },
    });
    expect(await attend(resident, event.id, "promote")).toMatchObject({ status: 400 });
    expect(await registrations(event.id)).toHaveLength(1);
  });

  it("sends a guest to sign in, and answers 404 for an unknown event or one of another municipality", async () => {
    const event = await makeEvent(merchant.id, town.id);
    const guest = await attend(null, event.id);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login\?redirectTo=/);
    expect((await attend(resident, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await attend(resident, "not-a-uuid")).status).toBe(404);
    const elsewhere = await makeEvent(merchant.id, otherTown.id);
    expect((await attend(resident, elsewhere.id)).status).toBe(404);
    expect(await registrations(elsewhere.id)).toHaveLength(0);
  });

  it("shows the organiser, and only the organiser, the count and first names", async () => {
    const event = await makeEvent(merchant.id, town.id, { title: "Bread baking workshop" });
    await attend(resident, event.id);
    await attend(neighbour, event.id);
    const mine = await attendeesOf(merchant, [event.id]);
    expect(mine.get(event.id)).toEqual({ count: 2, firstNames: ["Emma", "Jan"] });
    expect((await attendeesOf(otherMerchant, [event.id])).size).toBe(0);

    const panel = await call(eventsPanelLoader, merchant, "/merchant/events", {});
    const row = ((panel.body?.rows ?? []) as { id: string; registered: unknown }[]).find((r) => r.id === event.id);
    expect(row?.registered).toEqual({ count: 2, firstNames: ["Emma", "Jan"] });
    const theirs = await call(eventsPanelLoader, otherMerchant, "/merchant/events", {});
    expect(((theirs.body?.rows ?? []) as { id: string }[]).some((r) => r.id === event.id)).toBe(false);
  });
});

describe("practical information and the organiser's details", () => {
  it("is written with its translations in the panel and read on the public page", async () => {
    const posted = await call(
      eventsPanelAction,
      merchant,
      "/merchant/events",
      {},
      {
        intent: "create",
        title: "Garden walk",
        venue: "Town park",
        category: "Community",
        start_date: isoDay(4),
        practical_info: "Bring boots.",
        original_locale: "en",
        tr_nl_practicalInfo: "Breng laarzen mee.",
        tr_fr_practicalInfo: "Prenez des bottes.",
      },
    );
    expect(posted.status).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.title, "Garden walk"), eq(events.merchantId, merchant.id)));
    expect(row.practicalInfo).toBe("Bring boots.");
    expect(row.translations).toMatchObject({ nl: { practicalInfo: "Breng laarzen mee." } });
    const detail = await findPublicEvent(town.id, row.id);
    expect(detail).toMatchObject({ practicalInfo: "Bring boots.", translations: row.translations });
    expect(detail?.merchant).toHaveProperty("phoneNumber");
    expect(detail?.merchant).toHaveProperty("websiteUrl");
    expect(detail?.merchant).toHaveProperty("address");
  });
});

describe("promotion tags", () => {
  const base = { title: "Tagged", valid_until: isoDay(10), price: "€5", tags_posted: "1" };

  it("are chosen from the list, refused when unknown (nothing stored), kept by a form without tags", async () => {
    const created = await call(
      promotionsPanelAction,
      merchant,
      "/merchant/promotions",
      {},
      { intent: "create", ...base, tag_vegetarian: "on", tag_new: "on" },
    );
    expect(created.status).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.title, "Tagged"), eq(promotions.merchantId, merchant.id)));
    expect(row.tags).toEqual(["vegetarian", "new"]);

    const bad = await call(
      promotionsPanelAction,
      merchant,
      "/merchant/promotions",
      {},
      { intent: "create", ...base, title: "Bad tag", tag_cheap: "on" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { tags: "merchant:promotions.errors.unknownTag" } });
    expect(await db.select().from(promotions).where(eq(promotions.title, "Bad tag"))).toEqual([]);

    // An update without the tags marker leaves them; with it and nothing checked, they are cleared.
    const { tags_posted: _m, ...withoutMarker } = base;
    await call(
      promotionsPanelAction,
      merchant,
      "/merchant/promotions",
      {},
      {
        intent: "update",
        id: row.id,
        ...withoutMarker,
      },
    );
    expect((await db.select().from(promotions).where(eq(promotions.id, row.id)))[0].tags).toEqual([
      "vegetarian",
      "new",
    ]);
    await call(promotionsPanelAction, merchant, "/merchant/promotions", {}, { intent: "update", id: row.id, ...base });
    expect((await db.select().from(promotions).where(eq(promotions.id, row.id)))[0].tags).toEqual([]);
  });

  it("filter the public list; the database refuses a value outside the list", async () => {
    const veg = await makePromotion(merchant.id, town.id, { title: "Veggie lunch", tags: ["vegetarian"] });
    const kids = await makePromotion(merchant.id, town.id, { title: "Kids menu", tags: ["family_friendly", "new"] });
    await makePromotion(merchant.id, town.id, { title: "No tags" });
    const filtered = (q: string) =>
      listPublicPromotions(town.id, promotionFiltersFrom(new URL(`http://x/promotions/t?${q}`))).then((r) =>
        r.items.map((p) => p.id),
      );
    expect(await filtered("tag=vegetarian")).toEqual([veg.id]);
    expect(await filtered("tag=family_friendly")).toEqual([kids.id]);
    // An unknown tag in the address is ignored, like an unknown category.
    expect((await filtered("tag=cheap")).length).toBeGreaterThanOrEqual(3);
    await expect(makePromotion(merchant.id, town.id, { tags: ["cheap"] })).rejects.toThrow();
  });
});

describe("privacy", () => {
  it("the export lists the registrations; deleting the account removes them", async () => {
    const person = await makeUser("user", { municipalityId: town.id });
    const actor = await actorFor(person);
    const event = await makeEvent(merchant.id, town.id, { title: "Charity hair day" });
    await attend(actor, event.id);
    const { id } = await requestExport(actor, person.id, "self");
    await drainJobs();
    const json = JSON.parse((await getExportFile(actor, id, "json")).body);
    expect(json.eventAttendances).toEqual([expect.objectContaining({ title: "Charity hair day", venue: "Town hall" })]);
    expect((await getExportFile(actor, id, "html")).body).toContain("Charity hair day");

    await deleteOwnAccount(actor, { currentPassword: FACTORY_PASSWORD, deleteReports: true });
    expect(await registrations(event.id)).toEqual([]);
  });
});

describe("About page figures", () => {
  it("are the platform's real counts of active municipalities and businesses", async () => {
    const before = await platformFigures();
    await makeMunicipality();
    await makeMunicipality({ isActive: false });
    await makeUser("merchant", { municipalityId: town.id });
    const after = await platformFigures();
    expect(after.municipalities).toBe(before.municipalities + 1);
    expect(after.businesses).toBe(before.businesses + 1);
  });
});
