/**
 * The optional place fields of a form (a report, a merchant's profile): a pin as latitude and longitude (both
 * or neither, each a number in range), the browser's accuracy in metres when the pin came from "use my
 * location", and a short description in the person's own words. Messages are translation keys.
 */
import { z } from "zod";
import { optionalText } from "~/lib/forms/validation";
import { parseCoordinate } from "./geo";

export const PLACE_TEXT_MAX = 200;

const coordinate = (kind: "lat" | "lng") =>
  z.preprocess(
    (v) => (v == null || (typeof v === "string" && v.trim() === "") ? null : v),
    z
      .union([z.string(), z.number()])
      .nullable()
      .transform((v, ctx) => {
        if (v === null) return null;
        const value = parseCoordinate(v, kind);
        if (value === null) ctx.addIssue({ code: "custom", message: "validation.coordinates" });
        return value;
      }),
  );

/** Metres, as the browser reports them: kept when sane, dropped (not an error) otherwise. */
const accuracy = z.preprocess((v) => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : typeof v === "number" ? v : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100_000 ? Math.round(n) : null;
}, z.number().nullable());

export const placeFields = {
  latitude: coordinate("lat"),
  longitude: coordinate("lng"),
  accuracy,
  place_text: optionalText(PLACE_TEXT_MAX, false),
};

/** Both coordinates or neither (a form that lost one of them must not store half a pin). */
export function bothCoordinates(
  value: { latitude: number | null; longitude: number | null },
  ctx: z.RefinementCtx,
): void {
  if ((value.latitude === null) !== (value.longitude === null)) {
    ctx.addIssue({ code: "custom", path: ["latitude"], message: "validation.coordinates" });
  }
}
