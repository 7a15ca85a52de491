/** Pure parts of events and tags: where "Get directions" leads, and the promotion form's tags. */
import { describe, expect, it } from "vitest";
import { eventDestination, routeUrl } from "~/components/site/event-attendance";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";

describe("Get directions", () => {
  it("routes to the venue in its municipality, else to the organiser's address", () => {
    expect(eventDestination("Town park", "Hasselt", "Grote Markt 12, 3500 Hasselt")).toBe("Town park, Hasselt");
    expect(eventDestination("Grote Markt, Hasselt", "Hasselt", null)).toBe("Grote Markt, Hasselt");
    expect(eventDestination("  ", "Hasselt", "Grote Markt 12, 3500 Hasselt")).toBe("Grote Markt 12, 3500 Hasselt");
    expect(eventDestination(null, "Hasselt", null)).toBeNull();
    expect(routeUrl("Town park, Hasselt")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=Town%20park%2C%20Hasselt",
    );
  });
});

describe("promotion tags in the form", () => {
  const base = { title: "T", valid_until: "2099-01-01", price: "€1" };

  it("keeps the checked tags in the list's order, none when none is checked", () => {
    const parsed = merchantPromotionSchema.parse({ ...base, tags_posted: "1", tag_new: "on", tag_vegetarian: "on" });
    expect(parsed.tags).toEqual(["vegetarian", "new"]);
    expect(merchantPromotionSchema.parse({ ...base, tags_posted: "1" }).tags).toEqual([]);
  });

  it("leaves the tags alone when the form carries none, and refuses an unknown tag", () => {
    expect(merchantPromotionSchema.parse(base).tags).toBeUndefined();
    const bad = merchantPromotionSchema.safeParse({ ...base, tags_posted: "1", tag_cheap: "on" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["tags"], message: "merchant:promotions.errors.unknownTag" });
  });
});

describe("practical information in the event form", () => {
  it("is optional free text with translations", () => {
    const base = { title: "E", start_date: "2099-01-01", venue: "V", category: "Arts" };
    expect(merchantEventSchema.parse(base).practical_info).toBeNull();
    const parsed = merchantEventSchema.parse({
      ...base,
      practical_info: "Bring boots.",
      original_locale: "en",
      tr_fr_practicalInfo: "Prenez des bottes.",
    });
    expect(parsed.practical_info).toBe("Bring boots.");
    expect(parsed.translations).toEqual({ fr: { practicalInfo: "Prenez des bottes." } });
  });
});
