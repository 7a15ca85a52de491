/** The contact module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { contactSchema } from "./contact.schema";
