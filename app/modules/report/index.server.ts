/** The report module's server door: what routes, the server and other modules may use of it on the server. */
export { deleteReport, listReportsForAdmin, moderateReport } from "./report.admin.server";
export { moderationQueue, reportForModeration } from "./report.moderation.server";
export type { QueueRow } from "./report.moderation.server";
export {
  approvedReportMarkers,
  approvedReportPage,
  approvedReportsByIds,
  fileOpen311Report,
  fileReport,
  homeReports,
  listApprovedReports,
  listMyReports,
} from "./report.server";
export type { PublicReport, ReportMarker } from "./report.server";
export { resolveReport } from "./report.resolve.server";
export type { ResolveInput } from "./report.schema";
