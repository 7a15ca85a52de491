/**
 * Whether two reports read alike, for the moderation queue's "likely duplicate" flag. Letter trigrams of the
 * texts (lower case, accents and punctuation gone), compared as sets: the same measure pg_trgm uses, computed
 * here so PGlite and PostgreSQL flag the same pairs. Short rewordings and typos still match; two different
 * problems in one street mostly do not.
 */
const DUPLICATE_SIMILARITY = 0.45;
/** Reports further apart than this are not flagged as one another's duplicate. */
export const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

function trigrams(text: string): Set<string> {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const set = new Set<string>();
  for (const w of words) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** Trigram similarity between 0 (nothing shared) and 1 (the same words). */
function textSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

type Candidate = { id: string; municipalityId: string; type: string; description: string; createdAt: Date };

/** Same town, same type, filed within 24 hours of each other and with similar text. */
export function isLikelyDuplicate(a: Candidate, b: Candidate): boolean {
  return (
    a.id !== b.id &&
    a.municipalityId === b.municipalityId &&
    a.type === b.type &&
    Math.abs(new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime()) <= DUPLICATE_WINDOW_MS &&
    textSimilarity(a.description, b.description) >= DUPLICATE_SIMILARITY
  );
}
