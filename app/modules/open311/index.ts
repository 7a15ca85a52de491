/** The open311 module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { issueKeySchema } from "./open311.schema";
