import { z } from "zod";
import { LIMITS, emailField, optionalText, requiredText, uuidField } from "~/lib/validation";
import { passwordProblem } from "./password";

export const loginSchema = z.object({
  email: z
    .string()
    .max(LIMITS.email * 4)
    .transform((s) => s.trim().toLowerCase()),
  password: z.string().max(LIMITS.password * 4),
  redirectTo: z.string().max(LIMITS.url).optional(),
});

const REQUIRED = "account:register.errors.required";

/** Registration (SPEC §5): the account type is user or merchant, never admin. */
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

/** Profile (SPEC §5): each field saved only when changed; password only when entered. */
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
