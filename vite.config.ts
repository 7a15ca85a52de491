import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Plugin, defineConfig } from "vite";

/**
 * Writes the service worker (/sw.js) after the browser build: app/sw/service-worker.js with the list of the
 * build's files to precache and a version that changes with them. A small step of our own rather than Workbox:
 * the worker needs precaching and a network-first rule for pages only, and Workbox's build tool brings a
 * Babel and Rollup toolchain of its own.
 */
function serviceWorker(): Plugin {
  let outDir = "";
  let files: string[] = [];
  return {
    name: "buurtplatform-service-worker",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      files = Object.keys(bundle).filter((f) => f.startsWith("assets/"));
    },
    closeBundle() {
      if (!files.length) return;
      const precache = [
        "/favicon.svg",
        "/icons/icon-192.png",
        "/icons/icon-512.png",
        "/icons/icon-maskable-512.png",
        ...files.sort().map((f) => `/${f}`),
      ];
      const source = fs.readFileSync(fileURLToPath(new URL("./app/sw/service-worker.js", import.meta.url)), "utf8");
      const version = crypto.createHash("sha256").update(precache.join("\n")).update(source).digest("hex").slice(0, 12);
      const out = source
        .replace("__PRECACHE_MANIFEST__", JSON.stringify(precache))
        .replace("__BUILD_VERSION__", version);
      fs.writeFileSync(path.join(outDir, "sw.js"), out);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [serviceWorker()])],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  // Browser chunks: every page needs React and React Router, so they travel as one long-cached
  // file instead of a dozen small requests a slow phone pays for one round trip at a time.
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
                // The small modules every page loads (translations, icons, meta, error page) as one file.
                {
                  name: "base",
                  test: /[\\/]app[\\/](lib[\\/](i18n[\\/](index|react|messages|translator|keys)|http[\\/]meta|use-root-data)\.ts|components[\\/](icons|error-page)\.tsx|components[\\/]favourites-local\.ts)$/,
                  priority: 2,
                },
                // The public pages' shared components (cards, panels, widgets) and formatting as one file; the
                // landing page's search box stays apart so the landing page does not load the rest.
                {
                  name: "site",
                  test: /[\\/]app[\\/](components[\\/]site[\\/](?!municipality-search)[^\\/]+\.tsx|lib[\\/]i18n[\\/]format\.ts)$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: { watch: { ignored: ["**/data/**", "**/data-media/**", "**/test-results/**"] } },
}));
