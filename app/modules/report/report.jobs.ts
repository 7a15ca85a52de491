/**
 * What a report's moderation asks the background worker to do, by job type. The report module enqueues them in
 * the moderation's transaction; the notification module registers their handlers (it mails the reporter and
 * the followers), so the report module needs nothing of it.
 */
export const REPORT_JOBS = {
  /** The reporter hears whether their report was approved or rejected. */
  outcomeMail: "report.outcome-mail",
  /** An approved urgent report is announced to the municipality's followers. */
  urgentAlert: "report.urgent-alert",
  /** An approved urgent report is pushed to the devices of the municipality's followers. */
  urgentPush: "report.urgent-push",
  /** The reporter hears that a moderator marked their report resolved (with the note, if any). */
  resolvedMail: "report.resolved-mail",
} as const;
