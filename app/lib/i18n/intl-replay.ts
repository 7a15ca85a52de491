/**
 * Intl results of a server render, replayed in the browser while the page hydrates.
 *
 * The first Intl object a page builds makes the browser load its locale data: 25-60 ms of main thread on a
 * 2-core machine, four times that on the phone Lighthouse simulates, in the middle of hydration. Hydration
 * only needs the strings the server already produced for the same inputs, so the server records each
 * formatted value (key: kind, language and input), the document carries them as a JSON data block, and the
 * browser answers those exact calls from it. A call with any other input (a later navigation, a live update)
 * computes with Intl as before. Outputs are a pure function of their key, so a replayed value is never stale;
 * it is also what the server printed, so server and browser cannot disagree on it either.
 */
export const INTL_REPLAY_ID = "intl-replay";

let recordTo: (() => Map<string, string> | undefined) | undefined;
let replay: Map<string, string> | undefined;

/** Server: where the current render's values go (entry.server passes its per-request store). */
export function recordIntlWith(store: () => Map<string, string> | undefined): void {
  recordTo = store;
}

/** Browser: the values the server rendered this document with. */
export function replayIntl(entries: Record<string, unknown>): void {
  replay = new Map(Object.entries(entries).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** Reads the document's data block, if any; a malformed one is ignored (the values are then computed). */
export function replayIntlFromDocument(doc: Document): void {
  const text = doc.getElementById(INTL_REPLAY_ID)?.textContent;
  if (!text) return;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") replayIntl(parsed as Record<string, unknown>);
  } catch {
    // computed instead
  }
}

export function intlValue(key: string, compute: () => string): string {
  const replayed = replay?.get(key);
  if (replayed !== undefined) return replayed;
  const value = compute();
  recordTo?.()?.set(key, value);
  return value;
}

/** The data block for a document (empty when nothing was formatted). `<` is escaped so it cannot end it. */
export function intlReplayScript(values: Map<string, string>): string {
  if (values.size === 0) return "";
  const json = JSON.stringify(Object.fromEntries(values)).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${INTL_REPLAY_ID}">${json}</script>`;
}
