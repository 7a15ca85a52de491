import { z } from "zod";
import { LIMITS, requiredText } from "~/lib/forms/validation";

/** Issuing a key: a name that tells the administrators whose system it is ("Fix-it app of the town hall"). */
export const issueKeySchema = z.object({ name: requiredText(LIMITS.short, "admin:open311.nameRequired") });
export type IssueKeyInput = z.output<typeof issueKeySchema>;
