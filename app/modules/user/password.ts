/** Password rules shared by registration, profile and reset (better-auth's 8..128, and no common ones). */
const COMMON = new Set([
  "password",
  "password1",
  "password123",
  "passw0rd",
  "12345678",
  "123456789",
  "1234567890",
  "qwerty123",
  "qwertyuiop",
  "iloveyou",
  "11111111",
  "00000000",
  "abc12345",
  "abcd1234",
  "welcome1",
  "letmein1",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "superman",
  "trustno1",
  "azertyuiop",
  "azerty123",
  "wachtwoord",
  "wachtwoord1",
  "motdepasse",
  "changeme",
  "admin123",
  "administrator",
  "qwerty12",
  "1q2w3e4r",
  "zaq12wsx",
  "dragon12",
  "monkey12",
  "starwars",
  "whatever",
  "computer",
  "internet",
]);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Returns a translation key describing what is wrong, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return "validation.passwordTooShort";
  if (password.length > PASSWORD_MAX) return "validation.tooLong";
  if (COMMON.has(password.toLowerCase())) return "validation.passwordCommon";
  return null;
}
