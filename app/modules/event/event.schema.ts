/** Event forms. Messages are translation keys. */
import { z } from "zod";
import type { Actor } from "~/lib/auth/auth.server";
import { EVENT_CATEGORIES } from "@db/schema/enums";
import { can } from "./event.policy";
import {
  LIMITS,
  checkbox,
  enumField,
  optionalImageUrl,
  optionalText,
  present,
  requiredDate,
  requiredText,
} from "~/lib/forms/validation";
import { withTranslations } from "~/lib/i18n/translations.schema";

/** The translatable fields with their originals' length rules. */
const EVENT_TRANSLATABLE = { title: LIMITS.title, description: LIMITS.text, practicalInfo: LIMITS.text } as const;

/** 'Please fill in all required fields (Title, Start Date, Venue, Category).' */
const MERCHANT_EVENT_REQUIRED = "merchant:events.errors.required";
/** 'Please fill in all required fields (Title, Start Date, Venue, Category, Merchant).' */
export const ADMIN_EVENT_REQUIRED = "merchant:events.errors.adminRequired";

const MAX_ATTENDEES = 1_000_000;

/** docs/product.md: attendees parse as an integer, 0 when not numeric (and never negative). */
export function parseAttendees(value: unknown): number {
  const n = typeof value === "number" ? Math.trunc(value) : Number.parseInt(String(value ?? "").trim(), 10);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, MAX_ATTENDEES);
}

/** A time input's "HH:MM" (seconds from some browsers are dropped); blank is null. */
const timeField = () =>
  optionalText(8)
    .transform((s) => (s && /^\d{2}:\d{2}:\d{2}$/.test(s) ? s.slice(0, 5) : s))
    .refine((s) => s === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(s), { error: "validation.time" });

const baseFields = (required: string) => ({
  title: present(requiredText(LIMITS.title, required)),
  description: optionalText(LIMITS.text),
  /** What to bring, how to get in, accessibility: free text; blank shows nothing. */
  practical_info: optionalText(LIMITS.text),
  image_url: optionalImageUrl(),
  venue: present(requiredText(LIMITS.title, required)),
  time: timeField(),
  price: optionalText(60),
  start_date: present(requiredDate(required)),
  attendees: z.unknown().optional().transform(parseAttendees),
  category: enumField(EVENT_CATEGORIES, required),
});

export const merchantEventSchema = withTranslations(z.object(baseFields(MERCHANT_EVENT_REQUIRED)), EVENT_TRANSLATABLE);
type MerchantEventInput = z.output<typeof merchantEventSchema>;

export const adminEventSchema = withTranslations(
  z.object({
    ...baseFields(ADMIN_EVENT_REQUIRED),
    merchant_id: present(requiredText(LIMITS.short, ADMIN_EVENT_REQUIRED)),
    is_featured: checkbox(),
  }),
  EVENT_TRANSLATABLE,
);

/** What the panels' event form gives: the content, and the owner fields when the actor may set them. */
export type EventInput = MerchantEventInput & { merchant_id?: string; is_featured?: boolean };

/** The form an actor posts: with the merchant and the featured flag when its policy lets it choose them. */
export function eventSchemaFor(actor: Pick<Actor, "id" | "role">): z.ZodType<EventInput> {
  return can(actor, "choose-merchant") ? adminEventSchema : merchantEventSchema;
}
