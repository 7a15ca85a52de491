import { z } from "zod";
import { checkbox, emailField, uuidField } from "~/lib/validation";

/** The choice per followed municipality: urgent reports as they are approved, and/or the weekly digest. */
export const followSchema = z.object({
  municipalityId: uuidField("validation.invalid"),
  urgentAlerts: checkbox(),
  weeklyDigest: checkbox(),
});
export type FollowInput = z.output<typeof followSchema>;

/** SPEC §5 newsletter: the address is required; the municipality is the one whose digest it wants. */
export const NEWSLETTER_REQUIRED = "footer.newsletter.required";
export const newsletterSchema = z.object({
  email: emailField(NEWSLETTER_REQUIRED),
  municipality: z
    .string({ error: "footer.newsletter.municipalityRequired" })
    .trim()
    .min(1, { error: "footer.newsletter.municipalityRequired" })
    .max(120, { error: "validation.tooLong" }),
});
export type NewsletterInput = z.output<typeof newsletterSchema>;
