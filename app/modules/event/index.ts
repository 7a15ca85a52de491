/** The event module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { can, canAttend } from "./event.policy";
