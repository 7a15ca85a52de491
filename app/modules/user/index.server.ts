/** The user module's server door: what routes, the server and other modules may use of it on the server. */
export { notifyPasswordChanged, requestPasswordReset, resetPassword } from "./password-reset.server";
export { signIn, signOut } from "./session.server";
export { assertUserId, listUsers, lookupUsers, userCommands } from "./user.admin.server";
export type { AdminUserRow } from "./user.admin.server";
export { getProfile, homePathFor, insertAccount, registerAccount, rememberLocale, updateProfile } from "./user.server";
export {
  confirmEmail,
  describeVerification,
  isEmailVerified,
  resendVerificationMail,
} from "./email-verification.server";
