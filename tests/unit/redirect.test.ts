import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/http/redirect";

/** What a browser does with a Location header: resolve it against the page it came from. */
const landsOn = (location: string) => new URL(location, "https://site.example/login").host;

describe("safeRedirect checks the final, normalised value", () => {
  it("keeps same-site paths, their query and fragment", () => {
    expect(safeRedirect("/profile?x=1#top")).toBe("/profile?x=1#top");
    expect(safeRedirect("/promotions/hasselt/../genk")).toBe("/promotions/genk");
    expect(safeRedirect("/a/./b")).toBe("/a/b");
  });

  const attacks = [
    // dot segments that normalise into a scheme-relative URL
    "/.//evil.example/x",
    "/./\\evil.example",
    "/a/..//evil.example",
    "/../..//evil.example/x",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    // scheme-relative and absolute
    "//evil.example/x",
    "///evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    // backslashes, raw or encoded
    "/\\evil.example",
    "\\\\evil.example",
    "/%5cevil.example",
    "/%5C%5Cevil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    // control characters browsers strip (tab, CR, LF) or that split headers
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r//evil.example",
    "/\u0000//evil.example",
    "/\u2028//evil.example",
    " //evil.example",
    // not a path at all
    "",
    "evil.example",
  ];

  it.each(attacks)("refuses %j", (bad) => {
    const out = safeRedirect(bad, "/fallback");
    expect(out).toBe("/fallback");
  });

  it("never returns a value that a browser resolves to another host", () => {
    for (const bad of attacks) expect(landsOn(safeRedirect(bad, "/"))).toBe("site.example");
  });

  it("refuses non-strings and absurdly long values", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(42)).toBe("/");
    expect(safeRedirect(`/${"a".repeat(5000)}`)).toBe("/");
  });
});
