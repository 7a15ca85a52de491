// @ts-check
// Benchmark instrumentation, loaded by server.js only under BENCH_INSTRUMENT=1 (production code never imports
// it). It counts the database statements each request sends (X-DB-Round-Trips response header; a
// transaction adds its begin and commit) and lets a request skip the anonymous-page cache with
// `X-Page-Cache: bypass`, so the benchmark can measure a real render.
import { AsyncLocalStorage } from "node:async_hooks";

/** @param {import("../../app/server/http.server").InstrumentHooks} hooks */
export function install({ app, onStatement }) {
  /** @type {AsyncLocalStorage<{ count: number }>} */
  const als = new AsyncLocalStorage();
  onStatement(() => {
    const store = als.getStore();
    if (store) store.count++;
    return undefined;
  });
  app.use((req, res, next) => {
    // A cookie the page cache does not know makes the request one it neither serves nor stores.
    if (req.headers["x-page-cache"] === "bypass") {
      req.headers.cookie = [req.headers.cookie, "bench_bypass=1"].filter(Boolean).join("; ");
    }
    const store = { count: 0 };
    const writeHead = res.writeHead;
    res.writeHead = /** @type {any} */ (
      (/** @type {any[]} */ ...args) => {
        if (!res.headersSent) res.setHeader("X-DB-Round-Trips", String(store.count));
        return writeHead.apply(res, /** @type {any} */ (args));
      }
    );
    als.run(store, next);
  });
}
