/**
 * JavaScript after the first paint. React Router's `<Scripts>` puts a `modulepreload` link for every
 * module of the page in the head and one inline module script that imports them: the browser then downloads
 * ~120 KB of JavaScript at the same time as the stylesheet, and on a slow phone connection the page appears
 * later. The page is server-rendered and works without JavaScript (links and forms), so here the preloads are
 * dropped and the inline module is kept as an inert data block that a small script turns back into a module
 * once the page has been painted. The module's text is not changed.
 *
 * Applied by entry.server to production documents only (the dev server's own scripts are left alone).
 */
const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
const BOOT_MODULE = /<script( nonce="[^"]*")? type="module" async="">/;
export const DEFERRED_TYPE = "text/x-deferred-module";
export const BOOT_ID = "rr-boot";

/** Runs after the first frame: the same wait entry.client makes before hydrating. */
const BOOT_SCRIPT =
  `requestAnimationFrame(function(){setTimeout(function(){var o=document.getElementById("${BOOT_ID}");` +
  `if(!o)return;var s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.text=o.text;` +
  "o.replaceWith(s)},0)})";

export function deferScripts(html: string): string {
  const match = BOOT_MODULE.exec(html);
  if (!match) return html;
  const end = html.indexOf("</script>", match.index);
  if (end < 0) return html;
  const nonceAttr = match[1] ?? "";
  const close = end + "</script>".length;
  const deferred =
    `<script${nonceAttr} type="${DEFERRED_TYPE}" id="${BOOT_ID}">` +
    html.slice(match.index + match[0].length, close) +
    `<script${nonceAttr}>${BOOT_SCRIPT}</script>`;
  const out = html.slice(0, match.index) + deferred + html.slice(close);
  // The preloads are hoisted into the head; nothing after it is touched.
  const headEnd = out.indexOf("</head>");
  return headEnd < 0 ? out : out.slice(0, headEnd).replace(MODULEPRELOAD, "") + out.slice(headEnd);
}
