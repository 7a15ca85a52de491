/** The contact module's server door: what routes, the server and other modules may use of it on the server. */
export { submitContactMessage } from "./contact.server";
