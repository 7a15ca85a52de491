/** The mail module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { reportTypeLabel } from "./templates";
export type { DigestItem, TemplateData, TemplateName } from "./templates";
