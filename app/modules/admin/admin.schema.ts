/**
 * Zod schemas of the admin user and merchant forms (SPEC §5 "Admin add user" and "Admin add merchant").
 * Messages are translation keys; the role is read only from this validated form.
 */
import { z } from "zod";
import { ROLES, MERCHANT_CATEGORIES } from "@db/schema/enums";
import { LIMITS, checkbox, enumField, optionalText, requiredText } from "~/lib/validation";
import { passwordProblem } from "~/modules/user/password";

export const USER_REQUIRED = "admin:users.required";
export const MERCHANT_REQUIRED = "admin:merchants.required";
const MISMATCH = "admin:users.passwordMismatch";

const password = (message: string) =>
  z
    .string({ error: message })
    .max(LIMITS.password * 4, { error: "validation.tooLong" })
    .min(1, { error: message });

/** An optional id from a select: blank is null. */
const optionalId = () => optionalText(64);

function checkPasswords(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MISMATCH });
    return;
  }
  const problem = passwordProblem(v.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
}

export const adminUserCreateSchema = z
  .object({
    name: requiredText(LIMITS.short, USER_REQUIRED),
    email: trimmedEmail(USER_REQUIRED),
    password: password(USER_REQUIRED),
    confirmPassword: password(USER_REQUIRED),
    role: enumField(ROLES, USER_REQUIRED),
    municipality_id: optionalId(),
    business_name: optionalText(LIMITS.short),
    business_email: optionalText(LIMITS.email),
    vat_number: optionalText(32),
  })
  .superRefine((v, ctx) => {
    checkPasswords(v, ctx);
    if (v.role === "merchant") {
      for (const f of ["business_name", "business_email", "vat_number"] as const) {
        if (!v[f]) ctx.addIssue({ code: "custom", path: [f], message: USER_REQUIRED });
      }
      if (v.business_email && !z.email().safeParse(v.business_email).success) {
        ctx.addIssue({ code: "custom", path: ["business_email"], message: "validation.email" });
      }
    }
  });
export type AdminUserCreateInput = z.output<typeof adminUserCreateSchema>;

/** Edit: name and role only; an email field, if posted, is ignored. */
export const adminUserUpdateSchema = z.object({
  name: requiredText(LIMITS.short, USER_REQUIRED),
  role: enumField(ROLES, USER_REQUIRED),
});
export type AdminUserUpdateInput = z.output<typeof adminUserUpdateSchema>;

const merchantFields = {
  business_name: requiredText(LIMITS.short, MERCHANT_REQUIRED),
  business_email: trimmedEmail(MERCHANT_REQUIRED),
  vat_number: optionalText(32),
  municipality_id: optionalId(),
  category: z
    .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.union([z.enum(MERCHANT_CATEGORIES), z.literal("")]))
    .optional()
    .transform((v) => v || null),
};

function trimmedEmail(required: string) {
  return requiredText(LIMITS.email, required)
    .pipe(z.email({ error: "validation.email" }))
    .transform((s) => s.toLowerCase());
}

export const adminMerchantCreateSchema = z
  .object({
    name: requiredText(LIMITS.short, MERCHANT_REQUIRED),
    email: trimmedEmail(MERCHANT_REQUIRED),
    password: password(MERCHANT_REQUIRED),
    confirmPassword: password(MERCHANT_REQUIRED),
    ...merchantFields,
  })
  .superRefine(checkPasswords);
export type AdminMerchantCreateInput = z.output<typeof adminMerchantCreateSchema>;

export const adminMerchantUpdateSchema = z.object({ ...merchantFields, is_premium: checkbox() });
export type AdminMerchantUpdateInput = z.output<typeof adminMerchantUpdateSchema>;

/** Settings: an empty key input keeps the stored key; the clear boxes remove one. */
export const settingsSchema = z.object({
  site_name: requiredText(LIMITS.short, "admin:settings.siteNameRequired"),
  contact_email: trimmedEmail("admin:settings.contactEmailRequired"),
  payment_api_key: optionalText(500),
  maps_api_key: optionalText(500),
  clear_payment_api_key: checkbox(),
  clear_maps_api_key: checkbox(),
});
export type SettingsInput = z.output<typeof settingsSchema>;
