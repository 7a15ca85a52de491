/** The privacy module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { adminDeleteSchema, deleteAccountSchema } from "./privacy.schema";
