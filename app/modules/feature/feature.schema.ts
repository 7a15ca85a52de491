import { z } from "zod";
import { LIMITS, optionalText, requiredText } from "~/lib/forms/validation";

/** docs/product.md: 'Feature name is required.'; the description is optional. */
export const featureSchema = z.object({
  name: requiredText(LIMITS.short, "admin:features.required"),
  description: optionalText(LIMITS.text),
});
export type FeatureInput = z.output<typeof featureSchema>;
