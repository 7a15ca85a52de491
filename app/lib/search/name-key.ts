/**
 * Names as people type them: accents, case, spaces and punctuation aside. The database's
 * search_key() (migration 0012) computes the same key, so a name found here is found there.
 */

/** Lower case without accents: "LIÈGE" -> "liege". */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The comparable form of a name: "'s-Hertogenbosch" and "s hertogenbosch" -> "s hertogenbosch". */
export function nameKey(s: string): string {
  return fold(s)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
