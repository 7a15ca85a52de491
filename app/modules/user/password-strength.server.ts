/**
 * The one password rule, applied wherever a password is set: registration, the profile, a reset
 * link, an administrator creating an account, ADMIN_PASSWORD at start.
 *
 * 1. Length: PASSWORD_MIN to PASSWORD_MAX characters (password.ts, also checked by the forms' schemas).
 * 2. Strength: zxcvbn-ts with the common, English, Dutch (Belgian) and French dictionaries, plus the
 *    account's own name and address, must estimate at least MIN_SCORE (3: "safely unguessable"). The reason
 *    it gives (a common password, a keyboard row, a name...) becomes the field's message in the user's
 *    language (common.json `validation.passwordWeakBecause.*`).
 *
 * The dictionaries are large: this module is server-only and builds them once, on first use (~300 ms).
 * Cost per check, measured on the project's 2-core machine with these options: 2-35 ms for ordinary
 * passwords, 64 ms for the worst inputs tried (long repeated patterns); with zxcvbn's defaults a
 * 120-character input took 2-4 s of CPU. So only the first 32 characters are estimated (a password whose
 * first 32 characters are guessable is refused; one whose first 32 are strong is strong) and l33t
 * substitutions are tried 3 at a time.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as fr from "@zxcvbn-ts/language-fr";
import * as nl from "@zxcvbn-ts/language-nl-be";
import { ValidationError } from "~/lib/http/errors";
import { passwordProblem } from "./password";

const MIN_SCORE = 3;

/** The warnings zxcvbn gives, each with a message of ours (validation.passwordWeakBecause.<warning>). */
const WEAKNESS_REASONS = [
  "straightRow",
  "keyPattern",
  "simpleRepeat",
  "extendedRepeat",
  "sequences",
  "recentYears",
  "dates",
  "topTen",
  "topHundred",
  "common",
  "similarToCommon",
  "wordByItself",
  "namesByThemselves",
  "commonNames",
  "userInputs",
] as const;

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  if (!factory) {
    // The translations are our own keys: zxcvbn's feedback then names the reason, and t() words it.
    const identity = <T extends Record<string, string>>(group: T) =>
      Object.fromEntries(Object.keys(group).map((k) => [k, k])) as T;
    factory = new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...nl.dictionary, ...fr.dictionary },
      translations: {
        ...en.translations,
        warnings: identity(en.translations.warnings),
        suggestions: identity(en.translations.suggestions),
      },
      maxLength: 32,
      l33tMaxSubstitutions: 3,
    });
  }
  return factory;
}

const compact = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * A password made (almost) only of the account's own words: its name, its address, their parts. zxcvbn
 * scores "Lotte-Janssens" for Lotte Janssens as strong; it is the first thing an attacker tries.
 */
function mostlyPersonal(password: string, words: string[]): boolean {
  let rest = compact(password);
  const before = rest.length;
  for (const w of words.map(compact).sort((a, b) => b.length - a.length)) {
    if (w.length >= 3) rest = rest.split(w).join("");
  }
  return rest.length < before && rest.replace(/\d+/g, "").length < 6;
}

/** A translation key saying what is wrong with the password, or null when it may be used. */
export function newPasswordProblem(password: string, userInputs: (string | null | undefined)[] = []): string | null {
  const lengthProblem = passwordProblem(password);
  if (lengthProblem) return lengthProblem;
  // The account's own words (name, address, its parts) count as guessable.
  const inputs = userInputs
    .filter((s): s is string => !!s)
    .flatMap((s) => [s, ...s.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((s) => s.length >= 3);
  if (mostlyPersonal(password, inputs)) return "validation.passwordWeakBecause.userInputs";
  const result = estimator().check(password, [...inputs, "buurtplatform"]);
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning as (typeof WEAKNESS_REASONS)[number] | null;
  return warning && WEAKNESS_REASONS.includes(warning)
    ? `validation.passwordWeakBecause.${warning}`
    : "validation.passwordWeakBecause.guessable";
}

/** Throws the field error (400) when the password may not be used. */
export function assertNewPassword(password: string, userInputs: (string | null | undefined)[] = []): void {
  const problem = newPasswordProblem(password, userInputs);
  if (problem) throw new ValidationError("validation.passwordWeak", { password: problem });
}
