import { z } from "zod";
import { FILEABLE_REPORT_TYPES } from "@db/schema/enums";
import { LIMITS, enumField, optionalHttpUrl, requiredText } from "~/lib/validation";

/** SPEC §5 report: description and type required ('Please fill in all required fields.'). */
export const REPORT_REQUIRED = "site:reportNew.errors.required";

export const reportSchema = z.object({
  type: enumField(FILEABLE_REPORT_TYPES as unknown as readonly [string, ...string[]], REPORT_REQUIRED),
  description: requiredText(LIMITS.text, REPORT_REQUIRED),
  image_url: optionalHttpUrl(),
});
export type ReportInput = z.output<typeof reportSchema>;

export const DEFAULT_REPORT_TYPE = "other_urgent";
