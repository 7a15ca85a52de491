/** The merchant's own profile and dashboard. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, merchants, platformEventLogs, promotions } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { parseWith } from "~/lib/forms/form.server";
import { todayIso } from "~/lib/i18n/format";
import { createEvent } from "~/modules/event/event.server";
import { merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { getOwnMerchant, merchantDashboard, updateOwnMerchantProfile } from "~/modules/merchant/merchant.server";
import { createPromotion } from "~/modules/promotion/promotion.server";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const DAY = 86_400_000;
const dayOffset = (days: number) => todayIso(new Date(Date.now() + days * DAY));

describe("merchant profile", () => {
  it("saves the weekly editor as the list of days with text, empty optional text as null, and audits it", async () => {
    const town = await makeMunicipality();
    const other = await makeMunicipality();
    const actor = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
    const parsed = merchantProfileSchema.parse({
      business_name: "  Bakkerij Peeters ",
      business_email: "INFO@Peeters.test",
      municipality_id: other.id,
      address: "",
      phone_number: " 011 22 33 44 ",
      website_url: "https://peeters.test",
      facebook_url: "",
      instagram_url: "",
      logo_url: "",
      category: "Food & Drink",
      hours_Monday: "08:00 - 18:00",
      hours_Tuesday: " ",
      hours_Wednesday: "",
      hours_Thursday: "",
      hours_Friday: "",
      hours_Saturday: "09:00 - 12:00",
      hours_Sunday: "Closed",
      // Forged: never written by the profile.
      is_premium: "on",
      vat_number: "XX",
      id: "someone-else",
    });
    const { merchant, changed } = await updateOwnMerchantProfile(actor, parsed);
    expect(merchant.id).toBe(actor.id);
    expect(merchant.businessName).toBe("Bakkerij Peeters");
    expect(merchant.businessEmail).toBe("info@peeters.test");
    expect(merchant.municipalityId).toBe(other.id);
    expect(merchant.address).toBeNull();
    expect(merchant.facebookUrl).toBeNull();
    expect(merchant.isPremium).toBe(false);
    expect(merchant.vatNumber).toBe("BE 0123.456.789");
    expect(merchant.openingHours).toEqual([
      { day: "Monday", hours: "08:00 - 18:00" },
      { day: "Saturday", hours: "09:00 - 12:00" },
      { day: "Sunday", hours: "Closed" },
    ]);
    expect(changed).toEqual(expect.arrayContaining(["business_name", "opening_hours", "municipality_id"]));
    const db = await getDb();
    const logs = await db
      .select()
      .from(platformEventLogs)
      .where(eq(platformEventLogs.eventType, "merchant.profile_updated"));
    const mine = logs.filter((l) => l.userId === actor.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].metadata).toMatchObject({ merchantId: actor.id });
    expect((await getOwnMerchant(actor)).openingHours).toHaveLength(3);
  });

  it("accepts opening hours as JSON text and rejects malformed JSON with the documented message key", async () => {
    const town = await makeMunicipality();
    const base = { business_name: "Shop", business_email: "a@b.test", municipality_id: town.id };
    const ok = merchantProfileSchema.parse({ ...base, opening_hours: '[{"day":"Monday - Friday","hours":"9-17"}]' });
    expect(ok.opening_hours).toEqual([{ day: "Monday - Friday", hours: "9-17" }]);
    const bad = parseWith(merchantProfileSchema, { ...base, opening_hours: "[{day: Monday" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fieldErrors.opening_hours).toBe("merchant:profile.errors.invalidJson");
    const missing = parseWith(merchantProfileSchema, { business_name: "", business_email: "", municipality_id: "" });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.formError).toBe("merchant:profile.errors.required");
      expect(Object.keys(missing.fieldErrors).sort()).toEqual(["business_email", "business_name", "municipality_id"]);
    }
  });

  it("refuses unknown municipalities, non-merchants and merchants without a record", async () => {
    const actor = await actorFor(await makeUser("merchant"));
    const input = merchantProfileSchema.parse({
      business_name: "X",
      business_email: "x@x.test",
      municipality_id: "00000000-0000-4000-8000-000000000000",
    });
    await expect(updateOwnMerchantProfile(actor, input)).rejects.toBeInstanceOf(ValidationError);
    const user = await actorFor(await makeUser("user"));
    await expect(getOwnMerchant(user)).rejects.toBeInstanceOf(ForbiddenError);
    const db = await getDb();
    await db.delete(merchants).where(eq(merchants.id, actor.id));
    await expect(getOwnMerchant(actor)).rejects.toThrow("merchant:errors.merchantIdNotFound");
    expect(await merchantDashboard(actor)).toBeNull();
    expect(await merchantDashboard(user)).toBeNull();
  });
});

describe("merchant dashboard", () => {
  it("counts own promotions and active events and merges the 5 latest activities newest first", async () => {
    const town = await makeMunicipality();
    const actor = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
    const other = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
    const db = await getDb();
    const base = Date.now() - 10 * DAY;
    for (let i = 0; i < 6; i++) {
      const p = await createPromotion(
        actor,
        merchantPromotionSchema.parse({ title: `P${i}`, valid_until: "2099-01-01", price: "€1" }),
      );
      await db
        .update(promotions)
        .set({ createdAt: new Date(base + i * 2 * 3600_000) })
        .where(eq(promotions.id, p.id));
    }
    const starts = [-3, -1, 0, 1, 30];
    for (const [i, offset] of starts.entries()) {
      const e = await createEvent(
        actor,
        merchantEventSchema.parse({ title: `E${i}`, start_date: dayOffset(offset), venue: "Hall", category: "Music" }),
      );
      await db
        .update(events)
        .set({ createdAt: new Date(base + (i * 2 + 1) * 3600_000) })
        .where(eq(events.id, e.id));
    }
    await createPromotion(
      other,
      merchantPromotionSchema.parse({ title: "Other", valid_until: "2099-01-01", price: "1" }),
    );
    const dash = await merchantDashboard(actor);
    expect(dash).not.toBeNull();
    expect(dash?.businessName).toMatch(/^Shop /);
    expect(dash?.totalPromotions).toBe(6);
    expect(dash?.activeEvents).toBe(3);
    // Created at P0 E0 P1 E1 P2 E2 P3 E3 P4 E4 P5 (every hour): the newest five are P5 E4 P4 E3 P3.
    expect(dash?.recent.map((r) => r.title)).toEqual(["P5", "E4", "P4", "E3", "P3"]);
    expect(dash?.recent.map((r) => r.type)).toEqual(["promotion", "event", "promotion", "event", "promotion"]);
  });
});
