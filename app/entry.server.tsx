import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import type { Locale } from "~/lib/i18n";
import { deferScripts } from "~/lib/http/defer-scripts.server";
import { MessagesContext } from "~/lib/i18n/messages";
import { intlReplayScript, recordIntlWith } from "~/lib/i18n/intl-replay";
import { MESSAGES } from "~/lib/i18n/locale.server";
import { log, securityEvent } from "./lib/log.server";
// Registers every module's background jobs before the worker starts (bootstrap).
import "./jobs.server";

const serverMessages = (locale: Locale) => MESSAGES[locale];

// What server.js (the launcher) calls, typed in app/server/api.ts; server.js is type-checked against it.
export { startServer } from "./server/http.server";
export { onStatement } from "~/lib/db/db.server";
// For operational scripts (durability, load tests) that prepare a database with the built code.
export { migrateDatabase, openDatabase } from "~/lib/db/db.server";
export { seedDemo } from "~/seed/demo";
// The demo seed makes its pictures in a child process that loads this build (app/seed/images.ts).
export { drawDemoPictures } from "~/seed/images";

export const streamTimeout = 5_000;

/** The Intl values each render formats, for the browser to hydrate with (lib/i18n/intl-replay.ts). */
const intlValues = new AsyncLocalStorage<Map<string, string>>();
recordIntlWith(() => intlValues.getStore());

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // No page waits for data while rendering (no deferred data): the whole document is rendered, collected
  // into one buffer and sent in one piece, instead of dozens of small chunks each crossing a Node stream, a
  // web stream and the HTTP response (about a tenth of a render's CPU). Waiting for all of it
  // (onAllReady) also puts the content of <Suspense> boundaries in place instead of streaming it after the
  // shell; the boundaries are there to let the browser hydrate the page in parts (routes/site/layout.tsx).
  return new Promise((resolve, reject) => {
    const nonce = loadContext?.nonce;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const values = new Map<string, string>();
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        let html = Buffer.concat(chunks).toString("utf8");
        // Production pages load their JavaScript after the first paint (lib/http/defer-scripts.server.ts).
        if (import.meta.env.PROD) html = deferScripts(html);
        const end = html.lastIndexOf("</body>");
        if (end >= 0) html = html.slice(0, end) + intlReplayScript(values) + html.slice(end);
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    sink.on("error", reject);

    const { pipe, abort } = intlValues.run(values, () =>
      renderToPipeableStream(
        <MessagesContext.Provider value={serverMessages}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MessagesContext.Provider>,
        {
          nonce,
          // Every boundary's content in place, however large (React would otherwise move big ones to the end of
          // the document with a script to swap them in).
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onAllReady() {
            pipe(sink);
          },
          onShellError(error: unknown) {
            clearTimeout(timeoutId);
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            log("error", "render error", { err: error });
          },
        },
      ),
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // 4xx answers (a POST to a page without an action, a 404) are expected, not errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router refused a cross-origin form post (answered 400): a security event, not a crash.
  if (error instanceof Error && error.message.includes("origin does not match")) {
    securityEvent("request.cross_origin_rejected", {
      path: new URL(request.url).pathname,
      origin: request.headers.get("origin"),
    });
    return;
  }
  log("error", "unhandled route error", {
    path: new URL(request.url).pathname,
    err: error,
    stack: error instanceof Error ? error.stack : undefined,
  });
};
