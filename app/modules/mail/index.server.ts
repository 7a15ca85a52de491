/** The mail module's server door: what routes, the server and other modules may use of it on the server. */
export { UNSUBSCRIBE_PLACEHOLDER, personalise, queueTemplateMail, renderTemplate } from "./compose.server";
export type { RenderedMail } from "./compose.server";
export { TEMPLATE_NAMES, renderPreview } from "./preview.server";
