/** Only same-site paths are followed: "/x" yes; "//evil", "https://evil", "/\\evil" no. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  for (const ch of to) if (ch.charCodeAt(0) < 0x20 || ch === "\\") return fallback;
  try {
    const url = new URL(to, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
