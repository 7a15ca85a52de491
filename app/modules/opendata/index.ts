/** The opendata module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { openApiDocument } from "./openapi";
export { eventJsonLd, localBusinessJsonLd, offerJsonLd } from "./structured-data";
