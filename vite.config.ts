import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
                  test: /[\\/]app[\\/](lib[\\/](i18n[\\/](index|react|messages|translator|keys)|http[\\/]meta|use-root-data)\.ts|components[\\/](icons|error-page)\.tsx)$/,
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
