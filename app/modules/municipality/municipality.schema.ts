import { z } from "zod";
import { withTranslations } from "~/lib/i18n/translations.schema";
import { isReservedSlug } from "~/lib/http/routes-reserved";
import { LIMITS, checkbox, optionalImageUrl, optionalText, requiredText } from "~/lib/forms/validation";
import { parseCoordinate } from "~/lib/geo/geo";

const REQUIRED = "admin:municipalities.required";

const ERRORS = {
  lat: "admin:municipalities.errors.latitude",
  lng: "admin:municipalities.errors.longitude",
  both: "admin:municipalities.errors.bothCoordinates",
  zoom: "admin:municipalities.errors.zoom",
} as const;

/** Not posted: undefined (keep what is stored); blank: null; else the parsed value or the field's message. */
function keptNumber(parse: (text: string) => number | null, message: string) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number | null | undefined => {
      if (v === undefined) return undefined;
      const text = typeof v === "string" ? v.trim() : String(v);
      if (!text) return null;
      const value = parse(text);
      if (value !== null) return value;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .optional();
}

/** A latitude or longitude in degrees; a decimal comma ("50,93", as Belgians write it) reads as a point. */
const coordinate = (kind: "lat" | "lng") =>
  keptNumber((text) => parseCoordinate(text.replace(",", "."), kind), ERRORS[kind]);

/** Where the town's maps open: zoom 1 (the world) to 19 (a street), whole numbers. */
const zoom = () =>
  keptNumber((text) => (/^\d{1,2}$/.test(text) && +text >= 1 && +text <= 19 ? +text : null), ERRORS.zoom);

/** The translatable field: the name in the other languages, with the name's length rule. */
const MUNICIPALITY_TRANSLATABLE = { name: LIMITS.short } as const;

export const municipalitySchema = withTranslations(
  z
    .object({
      name: requiredText(LIMITS.short, REQUIRED),
      slug: requiredText(LIMITS.short, REQUIRED)
        .transform((s) => s.toLowerCase())
        .refine((s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s), { error: "validation.slugFormat" })
        .refine((s) => !isReservedSlug(s), { error: "validation.slugReserved" }),
      is_active: checkbox(),
      // An upload (/media/…) or an image address, like every other picture.
      logo_url: optionalImageUrl(),
      // Shown in the footer of the town's pages instead of the platform's (blank: the platform's).
      // (A form without these fields, as older callers post, leaves them as they are.)
      contact_email: optionalText(LIMITS.email)
        .refine((s) => s === null || z.email().safeParse(s).success, { error: "validation.email" })
        .optional(),
      postal_address: optionalText(LIMITS.title).optional(),
      // Where its maps open (a form without them leaves them as they are); the centre needs both or neither.
      center_lat: coordinate("lat"),
      center_lng: coordinate("lng"),
      map_zoom: zoom(),
    })
    // Checked even when another field failed (`when`), so the form shows every message at once.
    .refine((v) => !(typeof v.center_lat === "number" && v.center_lng === null), {
      path: ["center_lng"],
      error: ERRORS.both,
      when: () => true,
    })
    .refine((v) => !(v.center_lat === null && typeof v.center_lng === "number"), {
      path: ["center_lat"],
      error: ERRORS.both,
      when: () => true,
    }),
  MUNICIPALITY_TRANSLATABLE,
);
export type MunicipalityInput = z.output<typeof municipalitySchema>;
