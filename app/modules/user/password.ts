/**
 * The length part of the one password rule (registration, profile, reset, admin): cheap, shared by the
 * forms' schemas. The strength part (zxcvbn with Dutch, French and English dictionaries) is server-only:
 * password-strength.server.ts.
 */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** Returns a translation key describing what is wrong, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return "validation.passwordTooShort";
  if (password.length > PASSWORD_MAX) return "validation.tooLong";
  return null;
}
