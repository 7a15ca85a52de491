import { z } from "zod";
import { LIMITS, emailField, requiredText } from "~/lib/forms/validation";

/** Names and subjects are one line: line breaks become spaces (they end up in mail headers). */
const oneLine = (max: number) => requiredText(max).transform((s) => s.replace(/\s+/g, " "));

/** docs/product.md contact: all four fields required, email typed. */
export const contactSchema = z.object({
  name: oneLine(LIMITS.short),
  email: emailField(),
  subject: oneLine(LIMITS.title),
  message: requiredText(LIMITS.text),
});
export type ContactInput = z.output<typeof contactSchema>;
