import { z } from "zod";
import { LIMITS, optionalText, requiredText } from "~/lib/forms/validation";
import { withTranslations } from "~/lib/i18n/translations.schema";

/** The name and the description in the other languages, each with its original's length rule. */
const FEATURE_TRANSLATABLE = { name: LIMITS.short, description: LIMITS.text } as const;

/** docs/product.md: 'Feature name is required.'; the description is optional. */
export const featureSchema = withTranslations(
  z.object({
    name: requiredText(LIMITS.short, "admin:features.required"),
    description: optionalText(LIMITS.text),
  }),
  FEATURE_TRANSLATABLE,
);
export type FeatureInput = z.output<typeof featureSchema>;
