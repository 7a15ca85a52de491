/** The report module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { REPORT_JOBS } from "./report.jobs";
export { isAuthorityRole, isUrgentType } from "./report.policy";
export {
  DEFAULT_REPORT_TYPE,
  MODERATION_NOTE_MAX,
  moderationSchema,
  queueFilter,
  reportSchema,
  resolveSchema,
} from "./report.schema";
export type { ModerationInput } from "./report.schema";
export { filedSummary, reportReference } from "./report.reference";
export type { FiledReport } from "./report.reference";
