/**
 * Voucher codes: eight characters a person can read aloud or type at a till. The alphabet leaves out 0/O and
 * 1/I, so nothing read aloud is ambiguous; 32^8 (about 10^12) codes, so guessing one is hopeless under the
 * rate limit on code checks. Shown and encoded in the QR code as ABCD-EFGH.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;

/** The stored form of what someone typed or scanned (case, spaces and dashes ignored), or null. */
export function normalizeCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, "");
  if (s.length === CODE_LENGTH && [...s].every((c) => CODE_ALPHABET.includes(c))) return s;
  // A scan may carry more than the code (a link, a label): take the first code-shaped part.
  const m = /(?:^|[^A-Z0-9])([2-9A-HJ-NP-Z]{4})-?([2-9A-HJ-NP-Z]{4})(?:$|[^A-Z0-9])/.exec(input.toUpperCase());
  return m ? `${m[1]}${m[2]}` : null;
}

/** ABCD-EFGH. */
export function formatCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export type VoucherStatus = "claimed" | "redeemed" | "expired";
