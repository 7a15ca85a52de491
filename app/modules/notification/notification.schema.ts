import { z } from "zod";
import { LIMITS, checkbox, emailField, present, requiredText, uuidField } from "~/lib/forms/validation";

/** The choice per followed municipality: urgent reports as they are approved, and/or the weekly digest. */
export const followSchema = z.object({
  municipalityId: uuidField("validation.invalid"),
  urgentAlerts: checkbox(),
  weeklyDigest: checkbox(),
});
export type FollowInput = z.output<typeof followSchema>;

/** docs/product.md newsletter: the address is required; the municipality is the one whose digest it wants. */
const NEWSLETTER_REQUIRED = "footer.newsletter.required";
export const newsletterSchema = z.object({
  email: emailField(NEWSLETTER_REQUIRED),
  municipality: present(requiredText(LIMITS.short, "footer.newsletter.municipalityRequired")),
});
export type NewsletterInput = z.output<typeof newsletterSchema>;
