/** The platform settings form (admin). Messages are translation keys. */
import { z } from "zod";
import { checkbox, optionalText, requiredEmail, requiredText, LIMITS } from "~/lib/forms/validation";
import { ATTRIBUTION_MAX, TILE_URL_MAX, attributionError, tileTemplateError } from "~/lib/geo/tiles";

/** An optional text checked by `check` (a message key, or null when fine); blank means the default. */
const checkedText = (max: number, check: (s: string) => string | null) =>
  optionalText(max)
    .superRefine((s, ctx) => {
      const message = s === null ? null : check(s);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .optional();

/** Settings: an empty key input keeps the stored key; the clear boxes remove one. */
export const settingsSchema = z.object({
  site_name: requiredText(LIMITS.short, "admin:settings.siteNameRequired"),
  contact_email: requiredEmail("admin:settings.contactEmailRequired"),
  // Optional fields a form may leave out (then the stored values stay).
  postal_address: optionalText(LIMITS.title).optional(),
  data_controller: optionalText(LIMITS.title).optional(),
  payment_api_key: optionalText(500),
  maps_api_key: optionalText(500),
  /** The map tiles' address template ({z}/{x}/{y}, https only; {key} is the maps key) and credit line. */
  maps_tile_url: checkedText(TILE_URL_MAX, tileTemplateError),
  maps_attribution: checkedText(ATTRIBUTION_MAX, attributionError),
  clear_payment_api_key: checkbox(),
  clear_maps_api_key: checkbox(),
});
export type SettingsInput = z.output<typeof settingsSchema>;
