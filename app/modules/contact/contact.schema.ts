import { z } from "zod";
import { LIMITS, emailField, requiredText } from "~/lib/validation";

/** SPEC §5 contact: all four fields required, email typed. */
export const contactSchema = z.object({
  name: requiredText(LIMITS.short),
  email: emailField(),
  subject: requiredText(LIMITS.title),
  message: requiredText(LIMITS.text),
});
export type ContactInput = z.output<typeof contactSchema>;
