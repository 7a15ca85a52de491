/** The open311 module's server door: what routes, the server and other modules may use of it on the server. */
export { CONTENT_TYPES, definitionDocument, discoveryDocument, errorDocument, listDocument } from "./format.server";
export type { Format } from "./format.server";
export {
  Open311Error,
  getServiceRequest,
  isServiceCode,
  jurisdiction,
  listServiceRequests,
  parseRequestQuery,
  serviceList,
} from "./georeport.server";
export { checkKey, issueKey, listKeys, revokeKey } from "./keys.server";
export { postServiceRequest } from "./post.server";
