/**
 * Where a redirect may go after sign-in (and wherever a path comes from input): a path on this site only.
 *
 * The value is normalised first (dot segments, percent-decoding of the unreserved characters the URL parser
 * decodes) and the FINAL value is checked: "/.//evil.example" normalises to "//evil.example", which a browser
 * reads as another host, so the check must come after, not before.
 */
const SAFE_PATH = /^\/(?![/\\])/;

function isSafePath(path: string): boolean {
  if (!SAFE_PATH.test(path)) return false;
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    // Control characters (browsers drop tab and newlines from URLs, turning "/\t/evil" into "//evil"),
    // backslashes (read as "/"), and the Unicode line and paragraph separators.
    if (code < 0x20 || code === 0x7f || ch === "\\" || code === 0x2028 || code === 0x2029) return false;
  }
  return true;
}

export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2048 || !isSafePath(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://local.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://local.invalid") return fallback;
  const result = url.pathname + url.search + url.hash;
  // The final value: a normalised path that still means "this site", checked again.
  return isSafePath(result) && !/^\/(?:%2f|%5c)/i.test(result) ? result : fallback;
}
