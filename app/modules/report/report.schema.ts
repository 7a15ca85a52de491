import { z } from "zod";
import {
  FILEABLE_REPORT_TYPES,
  REPORT_REJECTION_REASONS,
  REPORT_STATUSES,
  REPORT_TYPES,
  type ReportStatus,
  type ReportType,
} from "@db/schema/enums";
import { bothCoordinates, placeFields } from "~/lib/geo/place.schema";
import { LIMITS, checkbox, enumField, optionalImageUrl, optionalText, requiredText } from "~/lib/forms/validation";

/** docs/product.md report: description and type required ('Please fill in all required fields.'). */
const REPORT_REQUIRED = "site:reportNew.errors.required";

export const reportSchema = z
  .object({
    type: enumField(FILEABLE_REPORT_TYPES as unknown as readonly [string, ...string[]], REPORT_REQUIRED),
    description: requiredText(LIMITS.text, REPORT_REQUIRED),
    image_url: optionalImageUrl(),
    /** Checked: the public sees "Anonymous" instead of the reporter's name (moderators still see it). */
    anonymous: checkbox(),
    /** Where it happened, optional: a pin (exact for moderators; rounded in public for reports about people). */
    ...placeFields,
  })
  .superRefine(bothCoordinates);
export type ReportInput = z.output<typeof reportSchema>;

export const DEFAULT_REPORT_TYPE = "other_urgent";

/** The moderator's optional reason when rejecting: one of the common reasons and/or a short note. */
export const MODERATION_NOTE_MAX = 500;
export const moderationSchema = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(REPORT_REJECTION_REASONS, { error: "validation.invalid" }).optional(),
  ),
  note: optionalText(MODERATION_NOTE_MAX, true),
});
export type ModerationInput = z.output<typeof moderationSchema>;

/** Marking an approved report resolved: the moderator's optional note, mailed to the reporter. */
export const resolveSchema = z.object({ note: optionalText(MODERATION_NOTE_MAX, true) });
export type ResolveInput = z.output<typeof resolveSchema>;

/** The moderation queue's ?status= and ?type= (anything else: no filter). */
export function queueFilter(params: URLSearchParams): { status?: ReportStatus; type?: ReportType } {
  const status = params.get("status");
  const type = params.get("type");
  return {
    status: (REPORT_STATUSES as readonly string[]).includes(status ?? "") ? (status as ReportStatus) : undefined,
    type: (REPORT_TYPES as readonly string[]).includes(type ?? "") ? (type as ReportType) : undefined,
  };
}
