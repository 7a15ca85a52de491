import { describe, expect, it } from "vitest";
import { directionsUrl, distanceKm, parseCoordinate, publicReportPlace, routeToUrl } from "./geo";

describe("places", () => {
  it("rounds reports about people to about 100 m and leaves the others exact", () => {
    const theft = publicReportPlace("theft", 50.930712, 5.332468);
    expect(theft).toEqual({ lat: 50.931, lng: 5.3325, rounded: true });
    expect(distanceKm({ lat: 50.930712, lng: 5.332468 }, theft as { lat: number; lng: number })).toBeLessThan(0.1);
    expect(publicReportPlace("police_check", 50.9, 5.3)?.rounded).toBe(true);
    expect(publicReportPlace("infrastructure_issue", 50.930712, 5.332468)).toEqual({
      lat: 50.930712,
      lng: 5.332468,
      rounded: false,
    });
    expect(publicReportPlace("fire", null, null)).toBeNull();
  });

  it("takes only finite coordinates in range", () => {
    expect(parseCoordinate("50.93", "lat")).toBe(50.93);
    expect(parseCoordinate(" -5.5 ", "lng")).toBe(-5.5);
    expect(parseCoordinate("91", "lat")).toBeNull();
    expect(parseCoordinate("181", "lng")).toBeNull();
    expect(parseCoordinate("abc", "lat")).toBeNull();
    expect(parseCoordinate("1e2", "lat")).toBeNull();
    expect(parseCoordinate("", "lat")).toBeNull();
    expect(parseCoordinate(Number.NaN, "lat")).toBeNull();
    expect(parseCoordinate(Number.POSITIVE_INFINITY, "lng")).toBeNull();
  });

  it("measures distances and builds a route link", () => {
    // Hasselt to Genk is about 12 km as the crow flies.
    const km = distanceKm({ lat: 50.9307, lng: 5.3325 }, { lat: 50.9655, lng: 5.5006 });
    expect(km).toBeGreaterThan(11);
    expect(km).toBeLessThan(13);
    expect(routeToUrl({ lat: 50.93, lng: 5.33 })).toBe(
      "https://www.openstreetmap.org/directions?route=%3B50.930000%2C5.330000",
    );
  });

  it("leads 'Get directions' to the pin when there is one, else to the address, else nowhere", () => {
    const address = "Grote Markt 12, 3500 Hasselt";
    expect(directionsUrl({ latitude: 50.930245, longitude: 5.33768, address })).toBe(
      "https://www.openstreetmap.org/directions?route=%3B50.930245%2C5.337680",
    );
    expect(directionsUrl({ latitude: null, longitude: null, address })).toBe(
      "https://www.openstreetmap.org/search?query=Grote%20Markt%2012%2C%203500%20Hasselt",
    );
    expect(directionsUrl({ latitude: 50.93, longitude: null, address: "  " })).toBeNull();
  });
});
