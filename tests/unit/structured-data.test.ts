import { describe, expect, it } from "vitest";
import {
  brusselsDateTime,
  eventJsonLd,
  localBusinessJsonLd,
  offerJsonLd,
  openingHoursSpecification,
  parseEuro,
  parseHours,
} from "~/modules/opendata/structured-data";

describe("schema.org structured data", () => {
  it("reads euro prices written by hand", () => {
    expect(parseEuro("€12.50")).toBe(12.5);
    expect(parseEuro("12,50 €")).toBe(12.5);
    expect(parseEuro("EUR 8")).toBe(8);
    expect(parseEuro("Free")).toBe(0);
    expect(parseEuro("Gratis")).toBe(0);
    expect(parseEuro("20% Off")).toBeNull();
    expect(parseEuro("from €5")).toBeNull();
    expect(parseEuro(null)).toBeNull();
  });

  it("reads opening hours written by hand, and skips what it cannot read", () => {
    expect(parseHours("9:00 - 18:00")).toEqual(["09:00", "18:00"]);
    expect(parseHours("09.30-17.30")).toEqual(["09:30", "17:30"]);
    expect(parseHours("9u - 18u")).toEqual(["09:00", "18:00"]);
    expect(parseHours("Closed")).toBeNull();
    expect(
      openingHoursSpecification([
        { day: "Monday - Friday", hours: "9:00 - 18:00" },
        { day: "Saturday", hours: "10:00 - 16:00" },
        { day: "Sunday", hours: "Closed" },
      ]),
    ).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`),
        opens: "09:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Saturday"],
        opens: "10:00",
        closes: "16:00",
      },
    ]);
  });

  it("writes local times with the Brussels offset of that day", () => {
    expect(brusselsDateTime("2026-01-10", "20:00")).toBe("2026-01-10T20:00:00+01:00");
    expect(brusselsDateTime("2026-07-10", "20:00")).toBe("2026-07-10T20:00:00+02:00");
  });

  it("builds Offer, Event and LocalBusiness objects without empty fields", () => {
    const offer = offerJsonLd(
      {
        title: "Two for one",
        description: null,
        imageUrl: null,
        category: "Food & Drink",
        price: "€7",
        validUntil: "2026-12-31",
        merchant: { businessName: "Bakkerij", id: "m1" },
      },
      { page: "https://x/p", merchant: "https://x/m" },
    );
    expect(offer).toEqual({
      "@context": "https://schema.org",
      "@type": "Offer",
      name: "Two for one",
      url: "https://x/p",
      category: "Food & Drink",
      price: "7.00",
      priceCurrency: "EUR",
      priceValidUntil: "2026-12-31",
      validThrough: "2026-12-31",
      availability: "https://schema.org/InStock",
      seller: { "@type": "LocalBusiness", name: "Bakkerij", url: "https://x/m" },
    });
    const event = eventJsonLd(
      {
        title: "Concert",
        description: "Jazz",
        venue: "Park",
        startDate: "2026-07-01",
        time: "20:30",
        price: "Free",
        merchantName: "Café",
      },
      { city: "Hasselt" },
      { page: "https://x/e", merchant: "https://x/m" },
    );
    expect(event).toMatchObject({
      "@type": "Event",
      startDate: "2026-07-01T20:30:00+02:00",
      location: { "@type": "Place", name: "Park", address: { addressLocality: "Hasselt" } },
      offers: { price: "0.00", priceCurrency: "EUR" },
    });
    const business = localBusinessJsonLd(
      {
        businessName: "Café",
        address: "Markt 1",
        phoneNumber: "011 22 33 44",
        websiteUrl: "https://cafe.example",
        facebookUrl: null,
        instagramUrl: "javascript:alert(1)",
        openingHours: [{ day: "Sunday", hours: "10:00 - 14:00" }],
        municipalityName: "Hasselt",
      },
      { page: "https://x/m" },
    );
    expect(business).toMatchObject({
      "@type": "LocalBusiness",
      telephone: "011 22 33 44",
      sameAs: ["https://cafe.example"],
      address: { "@type": "PostalAddress", streetAddress: "Markt 1", addressLocality: "Hasselt" },
      openingHoursSpecification: [{ dayOfWeek: ["https://schema.org/Sunday"], opens: "10:00", closes: "14:00" }],
    });
    expect(business).not.toHaveProperty("geo");
    // With the merchant's pin: its coordinates.
    const pinned = localBusinessJsonLd(
      {
        businessName: "Café",
        address: null,
        phoneNumber: null,
        websiteUrl: null,
        facebookUrl: null,
        instagramUrl: null,
        openingHours: null,
        municipalityName: "Hasselt",
        latitude: 50.930245,
        longitude: 5.33768,
      },
      { page: "https://x/m" },
    );
    expect(pinned.geo).toEqual({ "@type": "GeoCoordinates", latitude: 50.930245, longitude: 5.33768 });
  });
});
