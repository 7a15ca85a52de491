/** Pure helpers of the public site: suggestions, prices, safe links and list parameters. */
import { describe, expect, it } from "vitest";
import { displayPrice } from "~/components/site/cards";
import { filterSuggestions } from "~/components/site/municipality-search";
import { safeHttpUrl, telHref } from "~/components/site/state-view";
import { addressSearchUrl } from "~/lib/geo/geo";
import { daysLeft } from "~/lib/i18n/format";
import { toSlug } from "~/lib/http/routes-reserved";
import { eventFiltersFrom } from "~/modules/event/event.queries.server";
import { merchantFiltersFrom } from "~/modules/merchant/merchant.queries.server";
import { likePattern } from "~/lib/db/query";
import { promotionFiltersFrom } from "~/modules/promotion/promotion.queries.server";
import { can } from "~/modules/report/report.policy";

const towns = [
  { name: "Hasselt", slug: "hasselt" },
  { name: "Sint-Truiden", slug: "sint-truiden" },
  { name: "Zonhoven", slug: "zonhoven" },
];

describe("municipality suggestions", () => {
  it("filter by name or slug, case-insensitively, spaces matching hyphens", () => {
    expect(filterSuggestions(towns, "")).toEqual(towns);
    expect(filterSuggestions(towns, "HAS").map((t) => t.slug)).toEqual(["hasselt"]);
    expect(filterSuggestions(towns, "sint tru").map((t) => t.slug)).toEqual(["sint-truiden"]);
    expect(filterSuggestions(towns, "o").map((t) => t.slug)).toEqual(["zonhoven"]);
    expect(filterSuggestions(towns, "xyz")).toEqual([]);
  });

  it("match real names accents, case and punctuation aside", () => {
    const real = [
      { name: "Liège", slug: "liege" },
      { name: "'s-Hertogenbosch", slug: "s-hertogenbosch" },
      { name: "Écaussinnes", slug: "ecaussinnes" },
      { name: "La Louvière", slug: "la-louviere" },
    ];
    const slugs = (text: string) => filterSuggestions(real, text).map((t) => t.slug);
    expect(slugs("liege")).toEqual(["liege"]);
    expect(slugs("LIÈGE")).toEqual(["liege"]);
    expect(slugs("s hertogenbosch")).toEqual(["s-hertogenbosch"]);
    expect(slugs("'S-HERTOGENBOSCH")).toEqual(["s-hertogenbosch"]);
    expect(slugs("ecaus")).toEqual(["ecaussinnes"]);
    expect(slugs("la louviere")).toEqual(["la-louviere"]);
  });

  it("the submitted text becomes a slug: lowercase, spaces to hyphens", () => {
    expect(toSlug("  Sint Truiden ")).toBe("sint-truiden");
    expect(toSlug("HASSELT")).toBe("hasselt");
  });
});

describe("display helpers", () => {
  it("shows Free for blank or free prices and keeps other text", () => {
    expect(displayPrice(null, "Gratis")).toBe("Gratis");
    expect(displayPrice(" free ", "Gratis")).toBe("Gratis");
    expect(displayPrice("0", "Gratis")).toBe("Gratis");
    expect(displayPrice("€35", "Gratis")).toBe("€35");
  });

  it("links only http(s) addresses, dials digits only and maps the address", () => {
    expect(safeHttpUrl("https://shop.example/")).toBe("https://shop.example/");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,x")).toBeNull();
    expect(safeHttpUrl("not a url")).toBeNull();
    expect(telHref("+32 11 22 33 44")).toBe("tel:+3211223344");
    expect(addressSearchUrl("Grote Markt 12, 3500 Hasselt")).toBe(
      "https://www.openstreetmap.org/search?query=Grote%20Markt%2012%2C%203500%20Hasselt",
    );
  });

  it("rounds the days left up: 'Ends in N days' from 0, 'Expired' below", () => {
    const now = new Date("2026-03-10T15:00:00Z");
    expect(daysLeft("2026-03-12", now)).toBe(2);
    expect(daysLeft("2026-03-11", now)).toBe(1);
    expect(daysLeft("2026-03-10", now)).toBe(0);
    expect(daysLeft("2026-03-09", now)).toBeLessThan(0);
  });
});

describe("list parameters from the URL", () => {
  it("keep only known values", () => {
    expect(
      promotionFiltersFrom(new URL("http://x/?category=Shopping&tag=vegetarian&sort=ending&page=3&q=%20bread%20")),
    ).toEqual({
      category: "Shopping",
      tag: "vegetarian",
      merchant: null,
      sort: "ending",
      page: 3,
      q: "bread",
      expired: false,
    });
    expect(promotionFiltersFrom(new URL("http://x/?expired=1")).expired).toBe(true);
    expect(promotionFiltersFrom(new URL("http://x/?category=Gaming")).category).toBeNull(); // not a public filter
    expect(promotionFiltersFrom(new URL("http://x/?tag=cheap")).tag).toBeNull(); // not one of the tags
    expect(eventFiltersFrom(new URL("http://x/?when=past&category=Arts&page=x"))).toEqual({
      when: "past",
      category: "Arts",
      page: 1,
    });
    expect(merchantFiltersFrom(new URL("http://x/?municipality=Hasselt&category=Retail"))).toMatchObject({
      municipality: "hasselt",
      category: "Retail",
    });
    expect(merchantFiltersFrom(new URL("http://x/?municipality=%27;drop")).municipality).toBeNull();
    expect(likePattern("100%_off")).toBe("%100\\%\\_off%");
  });
});

describe("report policy", () => {
  it("keeps non-approved reports for administrators", () => {
    const actor = (role: "user" | "merchant" | "admin") => ({
      id: "u",
      email: "u@x.test",
      name: "U",
      role,
      municipalityId: null,
      sessionId: "s",
    });
    expect(can(null, "read-approved", { status: "approved" })).toBe(true);
    expect(can(null, "read-approved", { status: "pending" })).toBe(false);
    expect(can(actor("admin"), "read-approved", { status: "rejected" })).toBe(true);
    expect(can(actor("merchant"), "moderate")).toBe(false);
    expect(can(actor("admin"), "delete")).toBe(true);
    expect(can(actor("user"), "file")).toBe(true);
  });
});
