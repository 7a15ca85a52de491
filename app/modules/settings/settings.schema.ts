/** The platform settings form (admin). Messages are translation keys. */
import { z } from "zod";
import { checkbox, optionalText, requiredEmail, requiredText, LIMITS } from "~/lib/forms/validation";

/** Settings: an empty key input keeps the stored key; the clear boxes remove one. */
export const settingsSchema = z.object({
  site_name: requiredText(LIMITS.short, "admin:settings.siteNameRequired"),
  contact_email: requiredEmail("admin:settings.contactEmailRequired"),
  // Optional fields a form may leave out (then the stored values stay).
  postal_address: optionalText(LIMITS.title).optional(),
  data_controller: optionalText(LIMITS.title).optional(),
  payment_api_key: optionalText(500),
  maps_api_key: optionalText(500),
  clear_payment_api_key: checkbox(),
  clear_maps_api_key: checkbox(),
});
export type SettingsInput = z.output<typeof settingsSchema>;
