/**
 * Highlighting of search terms in a text: the text is cut into plain and marked segments that
 * the page renders as text and <mark> elements, so nothing is ever parsed as HTML. A word is marked when,
 * accents and case aside, it starts with a searched word or shares a long enough beginning with it, which is
 * what the database's stemmed prefix search matches ("cafe" marks "Café", "bakkerij" marks "bakkerijen",
 * "fleurs" marks "fleuriste").
 */

type Segment = { text: string; mark: boolean };

/** Lower case without accents: "Liège" -> "liege". */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The searched words, folded (at most 8, as the database takes). */
export function searchTerms(q: string | null | undefined): string[] {
  return fold(q ?? "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function wordMatches(word: string, terms: string[]): boolean {
  const w = fold(word);
  return terms.some((t) =>
    t.length < 3 ? w === t : w.startsWith(t) || commonPrefix(w, t) >= Math.max(4, t.length - 2),
  );
}

export function highlight(text: string, terms: string[]): Segment[] {
  if (!terms.length || !text) return [{ text, mark: false }];
  const out: Segment[] = [];
  const push = (part: string, mark: boolean) => {
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += part;
    else out.push({ text: part, mark });
  };
  for (const part of text.split(/([\p{L}\p{N}\p{M}]+)/u)) {
    if (!part) continue;
    push(part, /[\p{L}\p{N}]/u.test(part) && wordMatches(part, terms));
  }
  return out;
}
