/** The user module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { passwordProblem } from "./password";
export { can, hasMerchantRecord, needsBusinessFields } from "./user.policy";
export { loginSchema, newPassword, newPasswordsMatch, profileSchema, registerSchema } from "./user.schema";
