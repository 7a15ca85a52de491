import { z } from "zod";
import { ROLES } from "@db/schema/enums";
import {
  LIMITS,
  emailField,
  enumField,
  optionalText,
  requiredEmail,
  requiredText,
  uuidField,
} from "~/lib/forms/validation";
import { passwordProblem } from "./password";
import { needsBusinessFields } from "./user.policy";

export const loginSchema = z.object({
  email: z
    .string()
    .max(LIMITS.email * 4)
    .transform((s) => s.trim().toLowerCase()),
  password: z.string().max(LIMITS.password * 4),
  redirectTo: z.string().max(LIMITS.url).optional(),
});

const REQUIRED = "account:register.errors.required";

/** Registration: the account type is user or merchant, never admin. */
export const registerSchema = z
  .object({
    accountType: z.enum(["user", "merchant"], { error: REQUIRED }),
    name: requiredText(LIMITS.short, REQUIRED),
    email: emailField(),
    password: z
      .string()
      .min(1, { error: REQUIRED })
      .max(LIMITS.password * 4),
    confirmPassword: z
      .string()
      .min(1, { error: REQUIRED })
      .max(LIMITS.password * 4),
    municipalityId: uuidField(REQUIRED),
    businessName: optionalText(LIMITS.short),
    businessEmail: optionalText(LIMITS.email),
    vatNumber: optionalText(32),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "account:register.errors.passwordMismatch" });
    } else {
      const problem = passwordProblem(v.password);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    }
    if (v.accountType === "merchant") {
      for (const f of ["businessName", "businessEmail", "vatNumber"] as const) {
        if (!v[f]) ctx.addIssue({ code: "custom", path: [f], message: REQUIRED });
      }
      if (v.businessEmail && !z.email().safeParse(v.businessEmail).success) {
        ctx.addIssue({ code: "custom", path: ["businessEmail"], message: "validation.email" });
      }
    }
  });
export type RegisterInput = z.output<typeof registerSchema>;

/** Profile: each field saved only when changed; password only when entered. */
export const profileSchema = z
  .object({
    name: requiredText(LIMITS.short),
    municipalityId: z.union([uuidField("validation.invalid"), z.literal("")]).transform((v) => v || null),
    currentPassword: z
      .string()
      .max(LIMITS.password * 4)
      .default(""),
    password: z
      .string()
      .max(LIMITS.password * 4)
      .default(""),
    confirmPassword: z
      .string()
      .max(LIMITS.password * 4)
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.password) return;
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "account:profile.errors.passwordMismatch" });
      return;
    }
    const problem = passwordProblem(v.password);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    // A new password needs the current one (ASVS 6.2.3): a stolen session alone cannot lock the owner out.
    if (!v.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "account:profile.errors.currentRequired" });
    }
  });
export type ProfileInput = z.output<typeof profileSchema>;

/** docs/product.md "Admin add user": 'Please fill in all required fields ...'. */
const USER_REQUIRED = "admin:users.required";
const MISMATCH = "admin:users.passwordMismatch";

/** A new password typed by an administrator: blank gets the form's required message. */
export const newPassword = (message: string) =>
  z
    .string({ error: message })
    .max(LIMITS.password * 4, { error: "validation.tooLong" })
    .min(1, { error: message });

/** The two typed passwords agree and the password passes the one password rule. */
export function newPasswordsMatch(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MISMATCH });
    return;
  }
  const problem = passwordProblem(v.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
}

/** An administrator adds a user; the role is read only from this validated form. */
export const adminUserCreateSchema = z
  .object({
    name: requiredText(LIMITS.short, USER_REQUIRED),
    email: requiredEmail(USER_REQUIRED),
    password: newPassword(USER_REQUIRED),
    confirmPassword: newPassword(USER_REQUIRED),
    role: enumField(ROLES, USER_REQUIRED),
    municipality_id: optionalText(64),
    business_name: optionalText(LIMITS.short),
    business_email: optionalText(LIMITS.email),
    vat_number: optionalText(32),
  })
  .superRefine((v, ctx) => {
    newPasswordsMatch(v, ctx);
    if (needsBusinessFields(v.role)) {
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
