/** The privacy module's server door: what routes, the server and other modules may use of it on the server. */
export { eraseAccount } from "./erase.server";
export {
  deleteOwnAccount,
  getAccountForPrivacy,
  getExportFile,
  listExports,
  requestExport,
} from "./privacy.server";
