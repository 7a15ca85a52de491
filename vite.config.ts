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
  // Browser chunks (issue #7): every page needs React and React Router, so they travel as one long-cached
  // file, the icons as one and each language's translations as one, instead of two dozen small requests a slow phone pays for
  // one round trip at a time.
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
                // One file per language for its translations (they load before hydration).
                {
                  name: (id) => {
                    const lng = /[\\/]locales[\\/](en|nl|fr)[\\/]/.exec(id)?.[1];
                    return lng ? `messages-${lng}` : null;
                  },
                  debugName: "messages",
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
}));
