/** A text with the searched words marked (<mark>), from app/lib/search/highlight.ts; never HTML. */
import { highlight, searchTerms } from "~/lib/search/highlight";

export function Highlight({ text, q }: { text: string | null | undefined; q?: string | null }) {
  if (!text) return null;
  const terms = searchTerms(q);
  if (!terms.length) return <>{text}</>;
  return (
    <>
      {highlight(text, terms).map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
