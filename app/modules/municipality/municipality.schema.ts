import { z } from "zod";
import { isReservedSlug } from "~/lib/routes-reserved";
import { LIMITS, checkbox, optionalHttpUrl, requiredText } from "~/lib/validation";

const REQUIRED = "admin:municipalities.required";

export const municipalitySchema = z.object({
  name: requiredText(LIMITS.short, REQUIRED),
  slug: requiredText(LIMITS.short, REQUIRED)
    .transform((s) => s.toLowerCase())
    .refine((s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s), { error: "validation.slugFormat" })
    .refine((s) => !isReservedSlug(s), { error: "validation.slugReserved" }),
  is_active: checkbox(),
  logo_url: optionalHttpUrl(),
});
export type MunicipalityInput = z.output<typeof municipalitySchema>;
