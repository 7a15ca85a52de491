/** A report's place: validated by the form schema, stored as the reporter set it, refused when far from town. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { reportSchema } from "~/modules/report";
import { fileReport } from "~/modules/report/report.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const HASSELT = { centerLat: 50.9307, centerLng: 5.3325, mapZoom: 14 };

function parse(fields: Record<string, string>) {
  return reportSchema.safeParse({ type: "infrastructure_issue", description: "Street light is out", ...fields });
}

describe("a report's place", () => {
  it("takes a pin, its accuracy and a description, or none of them", () => {
    const pinned = parse({ latitude: "50.93101", longitude: "5.33402", accuracy: "12.4", place_text: " Kerkplein " });
    expect(pinned.success && pinned.data).toMatchObject({
      latitude: 50.93101,
      longitude: 5.33402,
      accuracy: 12,
      place_text: "Kerkplein",
    });
    const none = parse({ latitude: "", longitude: "", place_text: "" });
    expect(none.success && none.data).toMatchObject({ latitude: null, longitude: null, place_text: null });
  });

  it("refuses a coordinate that is not a number, out of range, or half a pin", () => {
    for (const bad of [
      { latitude: "north", longitude: "5.3" },
      { latitude: "91", longitude: "5.3" },
      { latitude: "50.9", longitude: "-181" },
      { latitude: "50.9", longitude: "" },
      { latitude: "NaN", longitude: "Infinity" },
    ]) {
      const result = parse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain("validation.coordinates");
    }
    expect(parse({ place_text: "x".repeat(201) }).success).toBe(false);
  });

  it("stores the exact pin and the reporter's words", async () => {
    const town = await makeMunicipality(HASSELT);
    const who = await actorFor(await makeUser("user"));
    const row = await fileReport(who, town.id, {
      type: "theft",
      description: "Bike stolen from the rack",
      image_url: null,
      latitude: 50.930712,
      longitude: 5.332468,
      accuracy: 15,
      place_text: "Station bike rack",
    });
    const db = await getDb();
    const [stored] = await db.select().from(reports).where(eq(reports.id, row.id));
    expect(stored).toMatchObject({
      latitude: 50.930712,
      longitude: 5.332468,
      locationAccuracy: 15,
      placeText: "Station bike rack",
      status: "pending",
    });
  });

  it("refuses a pin more than 25 km from the town's centre and stores nothing", async () => {
    const town = await makeMunicipality(HASSELT);
    const who = await actorFor(await makeUser("user"));
    const far = { latitude: 50.8503, longitude: 4.3517 }; // Brussels, about 70 km away
    const attempt = fileReport(who, town.id, { type: "fire", description: "Smoke", image_url: null, ...far });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({ message: "validation.placeTooFar", params: { km: "25" } });
    const db = await getDb();
    expect(await db.select().from(reports).where(eq(reports.municipalityId, town.id))).toHaveLength(0);
    // A town without a centre has nothing to measure from: the pin is kept.
    const open = await makeMunicipality();
    const row = await fileReport(who, open.id, { type: "fire", description: "Smoke", image_url: null, ...far });
    expect(row.id).toBeTruthy();
  });
});
