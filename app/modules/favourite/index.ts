/** The favourite module's door for code that also runs in the browser. */
export { mergeSchema, toggleSchema } from "./favourite.schema";
