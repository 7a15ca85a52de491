import { describe, expect, it } from "vitest";
import { BOOT_ID, DEFERRED_TYPE, deferScripts } from "~/lib/http/defer-scripts.server";

const N = "abc123==";
// The shape React Router 7 renders: preloads hoisted into the head, one inline module script in the body.
const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${N}"/><link rel="modulepreload" href="/assets/react-B.js" nonce="${N}"/><link nonce="${N}" rel="stylesheet" href="/assets/app.css"/></head><body><main><p>&lt;link rel="modulepreload" href="/x.js"&gt;</p></main><script nonce="${N}">window.__reactRouterContext = {};</script><script nonce="${N}" type="module" async="">;
import * as route0 from "/assets/root-C.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-A.js");</script><script nonce="${N}">window.__reactRouterContext.streamController.close();</script></body></html>`;

describe("JavaScript after the first paint", () => {
  const out = deferScripts(page);

  it("drops the head's module preloads and nothing else", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain(`<link nonce="${N}" rel="stylesheet" href="/assets/app.css"/>`);
    // Text in the page that only looks like a preload is left alone.
    expect(out).toContain('&lt;link rel="modulepreload" href="/x.js"&gt;');
  });

  it("keeps the module's text unchanged in an inert block, started by a script with the page's nonce", () => {
    const block = `<script nonce="${N}" type="${DEFERRED_TYPE}" id="${BOOT_ID}">`;
    expect(out).toContain(block);
    const start = out.indexOf(block) + block.length;
    const original = page.slice(
      page.indexOf('async="">') + 'async="">'.length,
      page.indexOf("</script>", page.indexOf('async="">')),
    );
    expect(out.slice(start, out.indexOf("</script>", start))).toBe(original);
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    const boot = out.slice(out.indexOf("</script>", start) + "</script>".length);
    expect(boot.startsWith(`<script nonce="${N}">requestAnimationFrame(`)).toBe(true);
    expect(boot).toContain(`getElementById("${BOOT_ID}")`);
    expect(boot).toContain('s.type="module";s.nonce=o.nonce;s.text=o.text;');
    // The scripts around it stay where they were.
    expect(out.indexOf("window.__reactRouterContext = {}")).toBeLessThan(out.indexOf(block));
    expect(out.indexOf("streamController.close()")).toBeGreaterThan(out.indexOf(block));
  });

  it("leaves a document without React Router's module script as it is", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>hi</p></body></html>";
    expect(deferScripts(plain)).toBe(plain);
  });
});
