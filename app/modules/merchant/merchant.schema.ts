/** The merchant's own business profile. Messages are translation keys. */
import { z } from "zod";
import { keptText, withTranslations } from "~/lib/i18n/translations.schema";
import { MERCHANT_CATEGORIES } from "@db/schema/enums";
import {
  LIMITS,
  checkbox,
  optionalHttpUrl,
  optionalImageUrl,
  optionalText,
  present,
  requiredEmail,
  requiredText,
  uuidField,
} from "~/lib/forms/validation";
import { newPassword, newPasswordsMatch } from "~/modules/user";
import { bothCoordinates, placeFields } from "~/lib/geo/place.schema";
import { WEEK_DAYS, hoursFieldName, parseOpeningHours, weekToList } from "./merchant.hours";

/** 'Please fill in all required fields (Business name, Business email, Municipality).' */
const PROFILE_REQUIRED = "merchant:profile.errors.required";

const openingHours = () =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const result = parseOpeningHours(v);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.error });
        return z.NEVER;
      }
      return result.value;
    });

const optionalCategory = () =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : null),
    z.enum(MERCHANT_CATEGORIES, { error: "validation.invalid" }).nullable(),
  );

/**
 * The weekly editor posts hours_Monday..hours_Sunday; an API-style caller may post opening_hours as a
 * list or JSON text instead. Either way the result is the stored list (or null).
 */
function weeklyFieldsToOpeningHours(raw: unknown) {
  if (!raw || typeof raw !== "object") return raw;
  const input = raw as Record<string, unknown>;
  const hasWeek = WEEK_DAYS.some((d) => hoursFieldName(d) in input);
  if (input.opening_hours !== undefined || !hasWeek) return raw;
  const week = Object.fromEntries(WEEK_DAYS.map((d) => [d, input[hoursFieldName(d)]]));
  return { ...input, opening_hours: weekToList(week) };
}

/**
 * A pin is both coordinates or neither. A form that posts neither field leaves the pin as it is; one that posts
 * only one of them has lost the other, and is refused rather than storing half a pin or dropping it.
 */
function pinOrNone(value: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  const { latitude, longitude } = value;
  if (latitude === undefined && longitude === undefined) return;
  if (latitude === undefined || longitude === undefined) {
    ctx.addIssue({ code: "custom", path: ["latitude"], message: "validation.coordinates" });
    return;
  }
  bothCoordinates({ latitude, longitude }, ctx);
}

/** The translatable field with its original's length rule. */
const MERCHANT_TRANSLATABLE = { description: LIMITS.text } as const;

export const merchantProfileSchema = withTranslations(
  z.preprocess(
    weeklyFieldsToOpeningHours,
    z
      .object({
        business_name: present(requiredText(LIMITS.short, PROFILE_REQUIRED)),
        business_email: present(requiredText(LIMITS.email, PROFILE_REQUIRED))
          .pipe(z.email({ error: "validation.email" }))
          .transform((s) => s.toLowerCase()),
        municipality_id: uuidField(PROFILE_REQUIRED),
        address: optionalText(LIMITS.title),
        phone_number: optionalText(40),
        website_url: optionalHttpUrl(),
        facebook_url: optionalHttpUrl(),
        instagram_url: optionalHttpUrl(),
        logo_url: optionalImageUrl(),
        category: optionalCategory(),
        opening_hours: openingHours(),
        description: keptText(LIMITS.text),
        // Where the business is on the map: both or neither; empty removes the pin, not posted keeps it.
        latitude: placeFields.latitude.optional(),
        longitude: placeFields.longitude.optional(),
      })
      .superRefine(pinOrNone),
  ),
  MERCHANT_TRANSLATABLE,
);
export type MerchantProfileInput = z.output<typeof merchantProfileSchema>;

/** docs/product.md "Admin add merchant": 'Please fill in all required fields ...'. */
const MERCHANT_REQUIRED = "admin:merchants.required";

const adminMerchantFields = {
  business_name: requiredText(LIMITS.short, MERCHANT_REQUIRED),
  business_email: requiredEmail(MERCHANT_REQUIRED),
  vat_number: optionalText(32),
  municipality_id: optionalText(64),
  category: z
    .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.union([z.enum(MERCHANT_CATEGORIES), z.literal("")]))
    .optional()
    .transform((v) => v || null),
};

/** An administrator adds a merchant: the account and the business record together; VAT optional. */
export const adminMerchantCreateSchema = z
  .object({
    name: requiredText(LIMITS.short, MERCHANT_REQUIRED),
    email: requiredEmail(MERCHANT_REQUIRED),
    password: newPassword(MERCHANT_REQUIRED),
    confirmPassword: newPassword(MERCHANT_REQUIRED),
    ...adminMerchantFields,
  })
  .superRefine(newPasswordsMatch);
export type AdminMerchantCreateInput = z.output<typeof adminMerchantCreateSchema>;

export const adminMerchantUpdateSchema = withTranslations(
  z.object({
    ...adminMerchantFields,
    is_premium: checkbox(),
    // The logo, uploaded or an address; left as it is when not posted.
    logo_url: optionalImageUrl().optional(),
    description: keptText(LIMITS.text),
  }),
  MERCHANT_TRANSLATABLE,
);
export type AdminMerchantUpdateInput = z.output<typeof adminMerchantUpdateSchema>;
