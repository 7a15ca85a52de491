import { z } from "zod";
import { withTranslations } from "~/lib/i18n/translations.schema";
import { isReservedSlug } from "~/lib/http/routes-reserved";
import { LIMITS, checkbox, optionalHttpUrl, requiredText } from "~/lib/forms/validation";

const REQUIRED = "admin:municipalities.required";

/** The translatable field (issue #18): the name in the other languages, with the name's length rule. */
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
  }),
  MUNICIPALITY_TRANSLATABLE,
);
export type MunicipalityInput = z.output<typeof municipalitySchema>;
