// @ts-check
// The launcher: loads the server build (or, with --dev, Vite in middleware mode) and starts the HTTP server
// defined in app/server/http.server.ts. Type-checked against app/server/api.ts.
import path from "node:path";
import { pathToFileURL } from "node:url";

const DEV = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEV ? "development" : "production";

/** @typedef {import("./app/server/api").ServerApi} ServerApi */
/** @typedef {import("react-router").ServerBuild} ServerBuild */

async function main() {
  // Benchmark instrumentation is loaded only when asked for, from the benchmark's own folder.
  const instrument =
    process.env.BENCH_INSTRUMENT === "1" ? (await import("./scripts/bench/instrument.js")).install : undefined;
  if (DEV) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const load = async () =>
      /** @type {ServerBuild} */ (
        /** @type {unknown} */ (await vite.ssrLoadModule("virtual:react-router/server-build"))
      );
    const api = /** @type {ServerApi} */ ((await load()).entry.module);
    await api.startServer({ build: load, devMiddleware: vite.middlewares, onClose: () => vite.close(), instrument });
    return;
  }
  const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
  /** @type {ServerBuild} */
  const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  const api = /** @type {ServerApi} */ (/** @type {unknown} */ (build.entry.module));
  await api.startServer({ build, clientDir: path.join(buildDir, "client"), instrument });
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "start failed" })}\n`);
  process.stderr.write(`\n${err?.message ?? err}\n`);
  process.exit(1);
});
