/**
 * The HTTP server: Express in front of React Router. `server.js` (the launcher) loads the build and calls
 * `startServer`; everything that decides how a request is treated lives here, in TypeScript.
 *
 * Order of the layers (each one's reason is beside it below):
 *   request metrics → request id + nonce + log line → host check → control characters in the URL → allowed
 *   methods → security headers → compression → body size → origin check (every state-changing request) →
 *   operations (/metrics, /readyz, the backup endpoint) → language cookie → static files → cache headers → general rate limit → live stream (SSE) → write scope →
 *   anonymous-page cache → React Router (its 429s get their Retry-After)
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import compression from "compression";
import proxyaddr from "proxy-addr";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { type ServerBuild, createRequestHandler } from "react-router";
import { bootstrap, shutdown } from "~/server/bootstrap.server";
import { flushWrites, openWriteScope } from "~/lib/cache/cache.server";
import { onStatement } from "~/lib/db/db.server";
import { createAppContext, headersFrom, sessionActor } from "~/lib/http/context.server";
import type { Actor } from "~/lib/auth/auth.server";
import { env } from "~/lib/env.server";
import { LOCALE_COOKIE, isLocale } from "~/lib/i18n";
import { log, securityEvent } from "~/lib/log.server";
import { exposure } from "~/lib/http/net";
import { checkOrigin, hostAllowed } from "~/lib/http/origin.server";
import { contentSecurityPolicy } from "~/lib/http/csp.server";
import { tileSource } from "~/modules/settings/index.server";
import { isAnonymous, pageCacheMiddleware, storedGuestPage } from "~/lib/cache/page-cache.server";
import { CORS_HEADERS, corsPreflightMiddleware } from "~/lib/http/http-cache.server";
import { addressSubject, hit, rateLimitMiddleware, withRetryAfter } from "~/lib/http/rate-limit.server";
import { controlCharsInUrl } from "~/lib/forms/validation";
import { drainBackground } from "~/lib/jobs/background.server";
import { insertAccount } from "~/modules/user/index.server";
import { MEDIA_LIMITS, MEDIA_UPLOAD_PATH } from "~/modules/media";
import { sendResponse, toFetchRequest } from "./adapter.server";
import { refuseExposedDemo } from "./demo-guard.server";
import {
  METRICS_PATH,
  countLiveStreamsWith,
  countRequest,
  metricsHandler,
  requestMetrics,
} from "~/lib/ops/prometheus.server";
import { BACKUP_PATH, backupHandler, prepareBackupEndpoint } from "~/lib/ops/backup-endpoint.server";
import { READY_PATH, readyHandler, startDraining } from "~/lib/ops/readiness.server";
import { closeLiveStreams, liveStreamHandler, openLiveStreamCount } from "./live-stream.server";
import { routePattern, servingBuild } from "./route-pattern.server";

const BODY_LIMIT = 1024 * 1024;
/** The methods the site answers; anything else (TRACE, PUT, CONNECT...) is 405. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];
const STATE_CHANGING = new Set(["POST"]);
/**
 * Slow clients: the whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS and
 * the headers within HEADERS_TIMEOUT_MS; an idle keep-alive connection is closed after KEEP_ALIVE_MS.
 */
const TIMEOUTS = { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 5_000, idleSocketMs: 60_000 };

export type InstrumentHooks = { app: express.Express; onStatement: typeof onStatement };

type StartOptions = {
  /** The server build, or (development) a function returning the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the build's client folder, served as static files. */
  clientDir?: string;
  /** Development: Vite's middlewares. */
  devMiddleware?: express.RequestHandler;
  /** Called on shutdown before the database closes (Vite's close in development). */
  onClose?: () => Promise<void>;
  /** Extra layers placed first (the benchmark's instrumentation: scripts/bench/instrument.js). */
  instrument?: (hooks: InstrumentHooks) => void;
};

/** Which of the cluster's workers this process is (0 when it runs alone): in every request log line. */
const WORKER_ID = cluster.worker?.id ?? 0;

function requestLog(req: Request, res: Response, next: NextFunction) {
  const start = process.hrtime.bigint();
  res.locals.requestId = crypto.randomUUID();
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.on("finish", () => {
    if (req.path.startsWith("/assets/")) return;
    log("info", "request", {
      requestId: res.locals.requestId,
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
      ip: req.ip,
      worker: WORKER_ID,
    });
  });
  next();
}

/**
 * The probes carry no data, so a load balancer may ask for them by the machine's address. A scraper may ask for
 * /metrics so too when it brings the token (metricsHandler checks it); without one, the usual host check holds,
 * so a page that re-pointed its own name at this machine cannot read the metrics from a browser here.
 */
const PROBE_PATHS = new Set(["/healthz", READY_PATH]);
const anyHost = (req: Request) =>
  PROBE_PATHS.has(req.path) || (req.path === METRICS_PATH && req.headers.authorization !== undefined);

/**
 * DNS rebinding: a page the person opens can re-point its own name at this machine and then read and post as
 * a same-origin page of its own. Only requests addressed to this site's own name are answered (421 for any
 * other: origin.server.ts `hostAllowed`), whatever the method; the health probe alone answers any Host.
 */
function hostCheck(req: Request, res: Response, next: NextFunction) {
  const host = req.headers.host;
  if (hostAllowed(host) || (anyHost(req) && (req.method === "GET" || req.method === "HEAD"))) {
    return next();
  }
  securityEvent("request.host_rejected", { requestId: res.locals.requestId, path: req.path, host: host ?? null });
  res.status(421).type("text/plain").send("Misdirected Request");
}

/**
 * A control character in the URL (a NUL: PostgreSQL refuses it in text) reaches no route: in the path no
 * parameter can be one (404), in the query no reader takes one (400). The open-data API answers in its own
 * JSON shape.
 */
function urlControlChars(req: Request, res: Response, next: NextFunction) {
  const where = controlCharsInUrl(req.originalUrl);
  if (!where) return next();
  const status = where === "path" ? 404 : 400;
  // Open311 answers errors as the specification's list of {code, description}.
  if (req.path.startsWith("/open311/")) {
    const description = where === "path" ? "Not found" : "Control characters are not allowed in the query";
    res
      .status(status)
      .set(CORS_HEADERS)
      .json([{ code: status, description }]);
    return;
  }
  if (req.path.startsWith("/api/")) {
    const message = where === "path" ? "Not found" : "Control characters are not allowed in the query";
    res
      .status(status)
      .set(CORS_HEADERS)
      .json({ error: { code: where === "path" ? "not_found" : "invalid_parameter", message } });
    return;
  }
  res
    .status(status)
    .type("text/plain")
    .send(status === 404 ? "Not Found" : "Bad Request");
}

function allowedMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED_METHODS.includes(req.method)) {
    if (req.method !== "OPTIONS") return next();
    res.set("Allow", ALLOWED_METHODS.join(", ")).status(204).end();
    return;
  }
  res.set("Allow", ALLOWED_METHODS.join(", ")).status(405).type("text/plain").send("Method Not Allowed");
}

/**
 * Oversized bodies are refused before anything reads them; a body without a length is refused too. The image
 * upload alone may send up to MEDIA_LIMITS.maxBodyBytes, and its parser counts the bytes again.
 */
function bodyLimit(req: Request, res: Response, next: NextFunction) {
  const hasBody = req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
  if (hasBody && req.headers["content-length"] === undefined) {
    res.status(411).type("text/plain").send("Length Required");
    return;
  }
  const limit = req.path === MEDIA_UPLOAD_PATH ? MEDIA_LIMITS.maxBodyBytes : BODY_LIMIT;
  if (Number(req.headers["content-length"] ?? 0) > limit) {
    res.status(413).type("text/plain").send("Payload Too Large");
    return;
  }
  next();
}

/**
 * POSTs that are machine APIs authenticated by a key in the request itself, never by the session cookie: Open311
 * service requests (app/routes/api/open311.ts reads no session). Any origin may send them, as any client may.
 */
const KEYED_API_POSTS = /^\/open311\/v2\/requests\.(?:json|xml)$/;

/** Every state-changing request, resource routes included, passes the one origin check (origin.server.ts). */
function originCheck(req: Request, res: Response, next: NextFunction) {
  if (!STATE_CHANGING.has(req.method) || KEYED_API_POSTS.test(req.path)) return next();
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const verdict = checkOrigin({
    origin: one(req.headers.origin),
    host: one(req.headers.host),
    "sec-fetch-site": one(req.headers["sec-fetch-site"]),
  });
  if (verdict.ok) return next();
  securityEvent("request.cross_origin_rejected", {
    requestId: res.locals.requestId,
    path: req.path,
    origin: one(req.headers.origin) ?? null,
    reason: verdict.reason,
  });
  res.status(403).type("text/plain").send("Forbidden: cross-origin request");
}

/** The language chosen with ?lng= is remembered in a cookie so the next page renders in it. */
function languageCookie(req: Request, res: Response, next: NextFunction) {
  const lng = req.query.lng;
  if (isLocale(lng)) res.cookie(LOCALE_COOKIE, lng, { path: "/", maxAge: 365 * 24 * 3600 * 1000, sameSite: "lax" });
  next();
}

/**
 * Pages depend on the language (cookie, ?lng=, Accept-Language) and on the session cookie: shared caches
 * must key on both (Vary). A request that carries a session is answered `private, no-store`: a signed-in
 * page is stored by nobody, not a browser's back-forward cache on a shared computer nor a proxy.
 */
function cacheHeaders(req: Request, res: Response, next: NextFunction) {
  // Uploaded images answer with their own caching (public and immutable, or private): app/routes/api/media.ts.
  if (req.path.startsWith("/media/") && req.method !== "POST") return next();
  res.vary("Cookie");
  res.vary("Accept-Language");
  const cookie = req.headers.cookie ?? "";
  if (/(?:^|;\s*)(?:__Secure-)?bp\.session_token=/.test(cookie)) res.set("Cache-Control", "private, no-store");
  next();
}

/** A request's database writes are noticed by the caches (cache.server.ts) through its write scope. */
function writeScope(_req: Request, res: Response, next: NextFunction) {
  const { finish } = openWriteScope(() => next());
  res.once("close", finish);
}

/** Public files other than /assets (favicon, robots.txt, images/): only their own paths reach the disk. */
function publicFiles(clientDir: string) {
  const entries = fs
    .readdirSync(clientDir, { withFileTypes: true })
    .filter((e) => e.name !== "assets")
    .map((e) => (e.isDirectory() ? `/${e.name}/` : `/${e.name}`));
  const serve = express.static(clientDir, {
    maxAge: "1h",
    index: false,
    // The service worker is looked at again on every visit, so a new version reaches phones at once.
    setHeaders: (res, file) => {
      if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (entries.some((p) => (p.endsWith("/") ? req.path.startsWith(p) : req.path === p))) serve(req, res, next);
    else next();
  };
}

/** The request's session lookup, begun once and shared by the page cache and the render's context. */
function sharedActor(actors: WeakMap<Request, Promise<Actor | null>>, req: Request): Promise<Actor | null> {
  let actor = actors.get(req);
  if (!actor) {
    actor = sessionActor(req.headers);
    actors.set(req, actor);
  }
  return actor;
}

function createHttpApp(options: StartOptions): express.Express {
  const e = env();
  const dev = typeof options.build === "function";
  const secureTransport = e.HSTS || (e.PUBLIC_URL ?? "").startsWith("https://");
  const app = express();
  app.disable("x-powered-by");
  if (e.TRUST_PROXY) app.set("trust proxy", e.TRUST_PROXY_FROM ?? 1);

  options.instrument?.({ app, onStatement });
  app.use(requestMetrics(routePattern));
  app.use(requestLog);
  app.use(hostCheck);
  app.use(urlControlChars);
  // CORS preflight of the open-data API and the feeds, before the generic OPTIONS answer.
  app.use(corsPreflightMiddleware());
  app.use(allowedMethods);
  app.use(
    helmet({
      // Our own (csp.server.ts): it admits the configured map tile host and is built once per host.
      contentSecurityPolicy: false,
      strictTransportSecurity: e.HSTS ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  if (!dev) app.use(contentSecurityPolicy({ secureTransport, tileSource }));
  app.use(compression());
  app.use(bodyLimit);
  app.use(originCheck);
  // Operations, before the rate limits and the caches: neither may hide or delay a probe or a backup.
  app.get(METRICS_PATH, metricsHandler);
  app.get(READY_PATH, readyHandler);
  app.post(BACKUP_PATH, backupHandler);
  app.use(languageCookie);

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(publicFiles(options.clientDir));
  }

  app.use(cacheHeaders);
  app.use(rateLimitMiddleware());
  // The municipality home's live stream (Server-Sent Events): never cached, never compressed.
  app.get("/live/:municipality", liveStreamHandler);
  app.use(writeScope);
  // Signed-in pages are kept per session (page-cache.server.ts); the lookup is shared with the render.
  const actors = new WeakMap<Request, Promise<Actor | null>>();
  app.use(pageCacheMiddleware(undefined, { owner: (req) => sharedActor(actors, req as Request) }));

  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (build: ServerBuild) => {
    let h = handlers.get(build);
    if (!h) {
      h = createRequestHandler(build, process.env.NODE_ENV);
      handlers.set(build, h);
    }
    return h;
  };
  app.all("/{*splat}", async (req, res, next) => {
    try {
      const build = typeof options.build === "function" ? await options.build() : options.build;
      servingBuild(build);
      const request = toFetchRequest(req, res);
      const context = createAppContext({
        url: request.url,
        headers: headersFrom(req.headers),
        ip: req.ip ?? req.socket.remoteAddress ?? "",
        nonce: res.locals.cspNonce,
        requestId: res.locals.requestId,
        actor: actors.get(req),
      });
      const { result: response, wait } = await withRetryAfter(() => handlerFor(build)(request, context));
      // What the request wrote has committed: every process stops serving it before the answer goes out.
      await flushWrites();
      // A page's action cannot put headers on its answer (React Router keeps only a route's `headers`): the
      // wait a limit noted goes on every 429 here, and one that noted none still tells the client to pause.
      if (response.status === 429 && !response.headers.has("Retry-After")) {
        if (!wait) log("warn", "429 without a noted wait", { requestId: res.locals.requestId, path: req.path });
        res.set("Retry-After", String(wait || 60));
      }
      await sendResponse(res, response);
    } catch (err) {
      next(err);
    }
  });

  // Last resort: a generic page, never a stack trace.
  app.use((err: { status?: number; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) log("error", "unhandled server error", { requestId: res.locals.requestId, err });
    if (res.headersSent) return;
    res
      .status(status)
      .type("text/plain")
      .send(status === 500 ? "Internal Server Error" : "Bad Request");
  });
  return app;
}

/**
 * The short path of a guest's cached page, the most frequent answer: a GET without cookies (but the language),
 * without Authorization and without ?lng=, addressed to this site, whose page is stored (page-cache.server.ts
 * `storedGuestPage`), is answered here with the very headers the whole stack gave that answer before (security
 * headers with this answer's nonce, Vary, encoding), after the general rate limit, counted in the metrics and
 * logged like any other request. Everything else, and any doubt, goes through the whole stack (`app`).
 */
function guestShortPath(app: express.Express): http.RequestListener {
  const trust = app.get("trust proxy fn") as (addr: string, i: number) => boolean;
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (
      req.method !== "GET" ||
      url.includes("lng=") ||
      !isAnonymous(req.headers) ||
      !hostAllowed(req.headers.host) ||
      process.env.NODE_ENV === "development"
    ) {
      app(req, res);
      return;
    }
    const start = process.hrtime.bigint();
    const nonce = crypto.randomBytes(16).toString("base64");
    // The request itself (not a copy): without a template of its headers yet, this answer is marked to take one.
    const page = storedGuestPage(req as IncomingMessage & { url: string }, nonce);
    if (page === "full") {
      app(req, res);
      return;
    }
    const ip = proxyaddr(req, trust);
    void hit("general", addressSubject(ip)).then(
      (limit) => {
        // Over the limit: the whole stack answers (and logs) the 429.
        if (!limit.allowed) return app(req, res);
        res.writeHead(200, page.headers.flat());
        res.end(page.body);
        const path = url.split("?")[0];
        res.once("finish", () => {
          countRequest(routePattern({ path }), "GET", 200, start, "HIT");
          log("info", "request", {
            requestId: crypto.randomUUID(),
            method: "GET",
            path,
            status: 200,
            ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
            ip,
            worker: WORKER_ID,
          });
        });
      },
      () => app(req, res),
    );
  };
}

/** Opens the database, builds the app, listens, and stops cleanly on SIGTERM/SIGINT. */
export async function startServer(options: StartOptions): Promise<Server> {
  const e = env();
  const exposedBecause = exposure(e);
  const boot = await bootstrap({ exposedBecause, createAccount: insertAccount });
  await refuseExposedDemo(exposedBecause);
  prepareBackupEndpoint();
  const app = createHttpApp(options);
  countLiveStreamsWith(openLiveStreamCount);
  if (typeof options.build !== "function") servingBuild(options.build);

  const server = http.createServer(
    {
      requestTimeout: TIMEOUTS.requestMs,
      headersTimeout: TIMEOUTS.headersMs,
      keepAliveTimeout: TIMEOUTS.keepAliveMs,
      // How often Node checks the two timeouts above (default 30 s, which let a slow client stay 40 s).
      connectionsCheckingInterval: 1_000,
    },
    guestShortPath(app),
  );
  server.timeout = TIMEOUTS.idleSocketMs;
  server.listen(e.PORT, e.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : e.PORT;
  const shown = exposedBecause ? `http://${e.HOST}:${port}` : `http://localhost:${port}`;
  log("info", "server started", { url: shown, host: e.HOST, database: boot.database, seeded: boot.seeded });
  if (exposedBecause && !e.PUBLIC_URL) {
    // Other machines reach it, but it answers only requests addressed to a loopback name (hostCheck).
    log(
      "warn",
      "PUBLIC_URL is not set: requests addressed to any name but localhost get 421, and mails link to localhost",
      {
        reason: exposedBecause,
        fix: "set PUBLIC_URL to the address people use (https://buurt.example)",
      },
    );
  }
  if (boot.demoAccounts.length) {
    const rows = boot.demoAccounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(34)} ${a.password}`);
    process.stdout.write(
      `\nServing on ${shown} (this machine only: HOST=${e.HOST})\nDemo logins:\n${rows.join("\n")}\n\n`,
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    // A second signal forces the exit; in a cluster the primary forwards the signal the terminal also sent
    // to the whole group, so a worker keeps draining (the timer below still bounds it).
    if (stopping) {
      if (!cluster.isWorker) process.exit(1);
      return;
    }
    stopping = true;
    log("info", "shutting down", { signal });
    // The load balancer sees /readyz fail first (DRAIN_DELAY_MS), then the server stops taking connections.
    startDraining();
    if (e.DRAIN_DELAY_MS > 0) setTimeout(() => close(), e.DRAIN_DELAY_MS);
    else close();
    setTimeout(() => process.exit(1), 10_000 + e.DRAIN_DELAY_MS).unref();
  };
  const close = () => {
    closeLiveStreams();
    server.close(async () => {
      try {
        await options.onClose?.();
        await drainBackground(5_000);
        await shutdown();
      } finally {
        process.exit(0);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // SIGHUP is the primary's (a rolling restart, server.js): a worker that gets it too keeps serving.
  if (cluster.isWorker) process.on("SIGHUP", () => {});
  return server;
}
