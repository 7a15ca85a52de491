import { z } from "zod";
import { withTranslations } from "~/lib/i18n/translations.schema";
import { isReservedSlug } from "~/lib/http/routes-reserved";
import { LIMITS, checkbox, optionalHttpUrl, optionalText, requiredText } from "~/lib/forms/validation";

const REQUIRED = "admin:municipalities.required";

/** The translatable field: the name in the other languages, with the name's length rule. */
const MUNICIPALITY_TRANSLATABLE = { name: LIMITS.short } as const;

export const municipalitySchema = withTranslations(
  z.object({
    name: requiredText(LIMITS.short, REQUIRED),
    slug: requiredText(LIMITS.short, REQUIRED)
      .transform((s) => s.toLowerCase())
      .refine((s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s), { error: "validation.slugFormat" })
      .refine((s) => !isReservedSlug(s), { error: "validation.slugReserved" }),
    is_active: checkbox(),
    logo_url: optionalHttpUrl(),
    // Shown in the footer of the town's pages instead of the platform's (blank: the platform's).
    // (A form without these fields, as older callers post, leaves them as they are.)
    contact_email: optionalText(LIMITS.email)
      .refine((s) => s === null || z.email().safeParse(s).success, { error: "validation.email" })
      .optional(),
    postal_address: optionalText(LIMITS.title).optional(),
  }),
  MUNICIPALITY_TRANSLATABLE,
);
export type MunicipalityInput = z.output<typeof municipalitySchema>;
