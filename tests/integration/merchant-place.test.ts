/**
 * Where a merchant is: the pin of the business profile (validated by the form's schema, saved, kept, removed,
 * refused when far from the municipality, only ever on the merchant's own row), the directory's map markers,
 * and where "Get directions" leads on the merchant, promotion and event pages.
 */
import { and, eq } from "drizzle-orm";
import type { AppLoadContext, data } from "react-router";
import { describe, expect, it } from "vitest";
import { events, merchants, municipalities, platformEventLogs } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { directionsUrl } from "~/lib/geo/geo";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { eventRoute } from "~/components/site/event-attendance";
import { createEvent } from "~/modules/event/event.server";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { findPublicEvent } from "~/modules/event/event.queries.server";
import { merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { updateOwnMerchantProfile } from "~/modules/merchant/merchant.server";
import { directoryMarkers, findPublicMerchant, merchantFiltersFrom } from "~/modules/merchant/merchant.queries.server";
import { createPromotion } from "~/modules/promotion/promotion.server";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { findPublicPromotion } from "~/modules/promotion/promotion.queries.server";
import * as profile from "~/routes/merchant/profile";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const HASSELT = { name: "Hasselt", centerLat: 50.9307, centerLng: 5.3325, mapZoom: 14 };
const GROTE_MARKT = { latitude: 50.930245, longitude: 5.33768 };
const BRUSSELS = { latitude: 50.8503, longitude: 4.3517 }; // about 70 km from Hasselt

type Town = Awaited<ReturnType<typeof makeMunicipality>>;

/** A merchant of `town` with an address, as its own actor. */
async function merchantIn(town: Town, set: Partial<typeof merchants.$inferInsert> = {}) {
  const actor = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
  const db = await getDb();
  await db
    .update(merchants)
    .set({ municipalityId: town.id, address: "Grote Markt 12, 3500 Hasselt", ...set })
    .where(eq(merchants.id, actor.id));
  return actor;
}

async function rowOf(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

/** The profile as the form posts it, with these place fields (none: a form without the map). */
function profileInput(town: Town, place: Record<string, string> = {}, extra: Record<string, string> = {}) {
  return merchantProfileSchema.parse({
    business_name: "Bakkerij Peeters",
    business_email: "info@peeters.test",
    municipality_id: town.id,
    address: "Grote Markt 12, 3500 Hasselt",
    ...place,
    ...extra,
  });
}

async function auditsOf(actor: Actor) {
  const db = await getDb();
  return db
    .select()
    .from(platformEventLogs)
    .where(and(eq(platformEventLogs.eventType, "merchant.profile_updated"), eq(platformEventLogs.userId, actor.id)));
}

describe("a merchant's pin: the form", () => {
  const base = { business_name: "Shop", business_email: "a@b.test", municipality_id: crypto.randomUUID() };
  const parse = (fields: Record<string, string>) => merchantProfileSchema.safeParse({ ...base, ...fields });

  it("takes both coordinates, neither (removes the pin) or no field at all (keeps it)", () => {
    const pinned = parse({ latitude: " 50.930245 ", longitude: "5.33768" });
    expect(pinned.success && pinned.data).toMatchObject({ latitude: 50.930245, longitude: 5.33768 });
    const removed = parse({ latitude: "", longitude: "" });
    expect(removed.success && removed.data).toMatchObject({ latitude: null, longitude: null });
    const untouched = parse({});
    expect(untouched.success).toBe(true);
    expect(untouched.success && "latitude" in untouched.data).toBe(false);
  });

  it("refuses a coordinate out of range or not a number, and half a pin", () => {
    const bads: Record<string, string>[] = [
      { latitude: "91", longitude: "5.3" },
      { latitude: "50.9", longitude: "181" },
      { latitude: "-90.5", longitude: "5.3" },
      { latitude: "north", longitude: "5.3" },
      { latitude: "NaN", longitude: "Infinity" },
      { latitude: "1e2", longitude: "5" },
      { latitude: "50.9", longitude: "" },
      { latitude: "", longitude: "5.3" },
      { latitude: "50.9" },
      { longitude: "" },
    ];
    for (const bad of bads) {
      const result = parse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain("validation.coordinates");
    }
  });
});

describe("a merchant's pin: saving", () => {
  it("saves a pin, names it in the audit, keeps it when the form does not touch it and removes it when asked", async () => {
    const town = await makeMunicipality(HASSELT);
    const actor = await merchantIn(town);
    const pinned = await updateOwnMerchantProfile(
      actor,
      profileInput(town, { latitude: "50.930245", longitude: "5.33768" }),
    );
    expect(pinned.changed).toEqual(["business_name", "business_email", "place"]);
    expect(await rowOf(actor.id)).toMatchObject(GROTE_MARKT);

    // A pin stored with more decimals than the form shows comes back as the form shows it: nothing changes.
    const db = await getDb();
    await db
      .update(merchants)
      .set({ latitude: 50.93024512345, longitude: 5.33768098765 })
      .where(eq(merchants.id, actor.id));
    const again = await updateOwnMerchantProfile(
      actor,
      profileInput(town, { latitude: "50.930245", longitude: "5.337681" }),
    );
    expect(again.changed).toEqual([]);
    expect(await rowOf(actor.id)).toMatchObject({ latitude: 50.93024512345, longitude: 5.33768098765 });
    // A form without the map (no place fields) keeps it too.
    const without = await updateOwnMerchantProfile(actor, profileInput(town));
    expect(without.changed).toEqual([]);
    expect((await rowOf(actor.id)).latitude).toBe(50.93024512345);

    const removed = await updateOwnMerchantProfile(actor, profileInput(town, { latitude: "", longitude: "" }));
    expect(removed.changed).toEqual(["place"]);
    expect(await rowOf(actor.id)).toMatchObject({ latitude: null, longitude: null });
    const audits = await auditsOf(actor);
    const named = audits.map((a) => (a.metadata as { changed: string[] }).changed.join(",")).sort();
    expect(named).toEqual(["", "", "business_name,business_email,place", "place"]);
  });

  it("refuses a pin more than 25 km from the municipality's centre and stores nothing", async () => {
    const town = await makeMunicipality(HASSELT);
    const actor = await merchantIn(town, GROTE_MARKT);
    const before = await rowOf(actor.id);
    const attempt = updateOwnMerchantProfile(
      actor,
      profileInput(
        town,
        { latitude: String(BRUSSELS.latitude), longitude: String(BRUSSELS.longitude) },
        {
          phone_number: "011 22 33 44",
        },
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({
      message: "validation.placeTooFar",
      fieldErrors: { latitude: "validation.placeTooFar" },
      params: { town: "Hasselt", km: "25" },
    });
    expect(await rowOf(actor.id)).toEqual(before);
    expect(await auditsOf(actor)).toHaveLength(0);
  });

  it("checks a kept pin against a newly chosen municipality; a town without a centre takes any pin", async () => {
    const hasselt = await makeMunicipality(HASSELT);
    const brussels = await makeMunicipality({ name: "Brussel", centerLat: 50.8467, centerLng: 4.3525, mapZoom: 13 });
    const actor = await merchantIn(hasselt, GROTE_MARKT);
    const kept = { latitude: String(GROTE_MARKT.latitude), longitude: String(GROTE_MARKT.longitude) };
    await expect(updateOwnMerchantProfile(actor, profileInput(brussels, kept))).rejects.toMatchObject({
      message: "validation.placeTooFar",
      params: { town: "Brussel" },
    });
    expect((await rowOf(actor.id)).municipalityId).toBe(hasselt.id);
    // Moving with the pin taken away, or the pin moved into the new town, is accepted.
    const inBrussels = { latitude: "50.84695", longitude: "4.35368" };
    await updateOwnMerchantProfile(actor, profileInput(brussels, inBrussels));
    expect(await rowOf(actor.id)).toMatchObject({ municipalityId: brussels.id, latitude: 50.84695 });
    const open = await makeMunicipality();
    await updateOwnMerchantProfile(actor, profileInput(open, { latitude: "51.5", longitude: "-0.12" }));
    expect(await rowOf(actor.id)).toMatchObject({ municipalityId: open.id, latitude: 51.5, longitude: -0.12 });
  });

  it("writes only the merchant's own row: a posted id or owner changes nothing else, a resident has no row", async () => {
    const town = await makeMunicipality(HASSELT);
    const actor = await merchantIn(town);
    const other = await merchantIn(town, GROTE_MARKT);
    const otherBefore = await rowOf(other.id);
    await updateOwnMerchantProfile(
      actor,
      profileInput(
        town,
        { latitude: "50.9311", longitude: "5.3363" },
        { id: other.id, merchant_id: other.id, user_id: other.id },
      ),
    );
    expect(await rowOf(actor.id)).toMatchObject({ latitude: 50.9311, longitude: 5.3363 });
    expect(await rowOf(other.id)).toEqual(otherBefore);
    const resident = await actorFor(await makeUser("user", { municipalityId: town.id }));
    await expect(
      updateOwnMerchantProfile(resident, profileInput(town, { latitude: "50.93", longitude: "5.33" })),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(await rowOf(other.id)).toEqual(otherBefore);
  });

  it("answers the profile form's far pin with 400, the message at the map with its town and distance", async () => {
    const town = await makeMunicipality(HASSELT);
    const actor = await merchantIn(town, GROTE_MARKT);
    const context = {
      requestId: "test",
      nonce: "n",
      locale: "en",
      t: serverT("en"),
      ip: "127.0.0.1",
      getActor: async () => actor,
    } as AppLoadContext;
    const body = new URLSearchParams({
      intent: "update",
      business_name: "Bakkerij Peeters",
      business_email: "info@peeters.test",
      municipality_id: town.id,
      latitude: String(BRUSSELS.latitude),
      longitude: String(BRUSSELS.longitude),
    });
    const answer = (await profile.action({
      request: new Request("http://localhost/merchant/profile", { method: "POST", body }),
      context,
      params: {},
    } as never)) as ReturnType<typeof data>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      fieldErrors: { latitude: "validation.placeTooFar" },
      params: { town: "Hasselt", km: "25" },
    });
    expect((answer.data as { params: { message: string } }).params.message).toBe(
      "This place is more than 25 km from Hasselt. Move the pin into the town or remove it.",
    );
    expect(await rowOf(actor.id)).toMatchObject(GROTE_MARKT);
    // Half a pin: 400 with the place's message, nothing stored.
    body.set("longitude", "");
    const half = (await profile.action({
      request: new Request("http://localhost/merchant/profile", { method: "POST", body }),
      context,
      params: {},
    } as never)) as ReturnType<typeof data>;
    expect(half.init?.status).toBe(400);
    expect(half.data).toMatchObject({ fieldErrors: { latitude: "validation.coordinates" } });
    expect(await rowOf(actor.id)).toMatchObject(GROTE_MARKT);
  });
});

describe("a merchant's place in public", () => {
  it("leads 'Get directions' to the pin when set, else to the address, on the merchant, promotion and event pages", async () => {
    const town = await makeMunicipality(HASSELT);
    const pinned = await merchantIn(town, GROTE_MARKT);
    const unpinned = await merchantIn(town, { address: "Demerstraat 38, 3500 Hasselt" });
    const db = await getDb();
    const toPin = "https://www.openstreetmap.org/directions?route=%3B50.930245%2C5.337680";
    const toAddress = "https://www.openstreetmap.org/search?query=Demerstraat%2038%2C%203500%20Hasselt";

    const m1 = await findPublicMerchant(pinned.id);
    const m2 = await findPublicMerchant(unpinned.id);
    expect(m1).toMatchObject(GROTE_MARKT);
    expect(m2).toMatchObject({ latitude: null, longitude: null });
    expect(m1 && directionsUrl(m1)).toBe(toPin);
    expect(m2 && directionsUrl(m2)).toBe(toAddress);

    const promotionOf = async (actor: Actor) => {
      const p = await createPromotion(
        actor,
        merchantPromotionSchema.parse({ title: "Bread", valid_until: "2099-01-01", price: "€1" }),
      );
      return (await findPublicPromotion(town.id, p.id))?.merchant;
    };
    const p1 = await promotionOf(pinned);
    const p2 = await promotionOf(unpinned);
    expect(p1 && directionsUrl(p1)).toBe(toPin);
    expect(p2 && directionsUrl(p2)).toBe(toAddress);

    const eventOf = async (actor: Actor, venue: string) => {
      const e = await createEvent(
        actor,
        merchantEventSchema.parse({ title: "Workshop", start_date: "2099-01-01", venue: "Hall", category: "Music" }),
      );
      // An event without a venue of its own (the form requires one; older events may have none).
      await db.update(events).set({ venue }).where(eq(events.id, e.id));
      return findPublicEvent(town.id, e.id);
    };
    // No venue of its own: the organiser's pin, else its address (by a route search, as before).
    const e1 = await eventOf(pinned, "");
    expect(e1 && eventRoute(e1.venue, "Hasselt", e1.merchant)).toEqual({
      href: toPin,
      place: "Grote Markt 12, 3500 Hasselt",
    });
    const e2 = await eventOf(unpinned, "");
    expect(e2 && eventRoute(e2.venue, "Hasselt", e2.merchant)).toEqual({
      href: "https://www.google.com/maps/dir/?api=1&destination=Demerstraat%2038%2C%203500%20Hasselt",
      place: "Demerstraat 38, 3500 Hasselt",
    });
    // A venue of its own wins over the organiser's pin.
    const e3 = await eventOf(pinned, "Town park");
    expect(e3 && eventRoute(e3.venue, "Hasselt", e3.merchant)?.place).toBe("Town park, Hasselt");
  });

  it("puts a town's pinned merchants on the directory's map in one query, with the list's filters", async () => {
    const town = await makeMunicipality(HASSELT);
    const elsewhere = await makeMunicipality({ ...HASSELT, name: "Elsewhere" });
    const db = await getDb();
    const baker = await merchantIn(town, { ...GROTE_MARKT, businessName: "Bakkerij Aerts", category: "Food & Drink" });
    const books = await merchantIn(town, {
      latitude: 50.93114,
      longitude: 5.33631,
      businessName: "Boekhandel Claes",
      category: "Retail",
    });
    await merchantIn(town, { businessName: "Bakkerij Zonder Pin", category: "Food & Drink" });
    await merchantIn(elsewhere, { ...GROTE_MARKT, businessName: "Bakkerij Elders" });
    const filters = (query: string) => merchantFiltersFrom(new URL(`http://x/merchants?${query}`));

    const all = await directoryMarkers(filters(`municipality=${town.slug}`));
    expect(all.map((m) => m.businessName)).toEqual(["Bakkerij Aerts", "Boekhandel Claes"]);
    expect(all[0]).toEqual({
      id: baker.id,
      businessName: "Bakkerij Aerts",
      category: "Food & Drink",
      address: "Grote Markt 12, 3500 Hasselt",
      lat: GROTE_MARKT.latitude,
      lng: GROTE_MARKT.longitude,
    });
    const food = await directoryMarkers(filters(`municipality=${town.slug}&category=Food+%26+Drink`));
    expect(food.map((m) => m.id)).toEqual([baker.id]);
    const searched = await directoryMarkers(filters(`municipality=${town.slug}&q=boekhandel`));
    expect(searched.map((m) => m.id)).toEqual([books.id]);
    // No town chosen: no map. An inactive town's merchants are not public.
    expect(await directoryMarkers(filters(""))).toEqual([]);
    await db.update(municipalities).set({ isActive: false }).where(eq(municipalities.id, town.id));
    expect(await directoryMarkers(filters(`municipality=${town.slug}`))).toEqual([]);
  });
});
