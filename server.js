// The HTTP server: Express in front of React Router. `node server.js` serves the production build;
// `node server.js --dev` runs Vite in middleware mode.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const DEV = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEV ? "development" : "production";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
const BODY_LIMIT = 1024 * 1024;

const LEVELS = ["debug", "info", "warn", "error", "silent"];
const MIN_LEVEL = Math.max(0, LEVELS.indexOf(process.env.LOG_LEVEL ?? "info"));

function logLine(level, msg, fields = {}) {
  if (LEVELS.indexOf(level) < MIN_LEVEL) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

async function main() {
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY === "true") app.set("trust proxy", 1);

  // Benchmark instrumentation (BENCH_INSTRUMENT=1 only): app/lib/db.server.ts counts the database round
  // trips of each request in this store; the count goes out as the X-DB-Round-Trips response header.
  if (process.env.BENCH_INSTRUMENT === "1") {
    const als = new AsyncLocalStorage();
    globalThis.__dbRoundTrips = als;
    app.use((_req, res, next) => {
      const store = { count: 0 };
      const writeHead = res.writeHead;
      res.writeHead = function (...args) {
        if (!this.headersSent) this.setHeader("X-DB-Round-Trips", String(store.count));
        return writeHead.apply(this, args);
      };
      als.run(store, next);
    });
  }

  // One JSON line per request.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.locals.requestId = crypto.randomUUID();
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.on("finish", () => {
      if (req.path.startsWith("/assets/")) return;
      logLine("info", "request", {
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
        ip: req.ip,
      });
    });
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: DEV
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "https:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'none'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: process.env.HSTS === "true" ? [] : null,
            },
          },
      strictTransportSecurity: process.env.HSTS === "true" ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());

  // Oversized bodies are refused before anything reads them. Forms always send a length; a body without
  // one (chunked) could not be bounded here, so it is refused too.
  app.use((req, res, next) => {
    const hasBody = req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
    if (hasBody && req.headers["content-length"] === undefined) {
      res.status(411).type("text/plain").send("Length Required");
      return;
    }
    const len = Number(req.headers["content-length"] ?? 0);
    if (len > BODY_LIMIT) {
      res.status(413).type("text/plain").send("Payload Too Large");
      return;
    }
    next();
  });

  // The language chosen with ?lng= is remembered in a cookie so the next page renders in it.
  app.use((req, res, next) => {
    const lng = req.query.lng;
    if (typeof lng === "string" && ["en", "nl", "fr"].includes(lng)) {
      res.cookie("i18next", lng, { path: "/", maxAge: 365 * 24 * 3600 * 1000, sameSite: "lax" });
    }
    next();
  });

  let build;
  let vite;
  if (DEV) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build");
  } else {
    const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
    build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // The other public files (favicon, robots.txt, images/): only their own paths reach the file system, so a
    // page request costs no stat call.
    const clientDir = path.join(buildDir, "client");
    const publicEntries = fs
      .readdirSync(clientDir, { withFileTypes: true })
      .filter((e) => e.name !== "assets")
      .map((e) => (e.isDirectory() ? `/${e.name}/` : `/${e.name}`));
    const servePublic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (publicEntries.some((p) => (p.endsWith("/") ? req.path.startsWith(p) : req.path === p))) {
        servePublic(req, res, next);
      } else next();
    });
  }

  const serverBuild = typeof build === "function" ? await build() : build;
  const entry = serverBuild.entry.module;
  const boot = await entry.bootstrap();

  app.use(entry.rateLimitMiddleware());
  // CORS preflight of the open-data API and the feeds (app/lib/http-cache.server.ts).
  app.use(entry.corsPreflightMiddleware());
  // Anonymous pages for a few seconds, dropped on every write (app/lib/page-cache.server.ts).
  app.use(entry.pageCacheMiddleware());

  const { createRequestHandler } = await import("@react-router/express");
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: async (req, res) => {
        const mod = typeof build === "function" ? (await build()).entry.module : entry;
        const protocol = req.protocol;
        const host = req.get("host") ?? `localhost:${PORT}`;
        return mod.createAppContext({
          url: `${protocol}://${host}${req.originalUrl}`,
          headers: mod.headersFrom(req.headers),
          ip: req.ip ?? req.socket.remoteAddress ?? "",
          nonce: res.locals.cspNonce,
          requestId: res.locals.requestId,
        });
      },
    }),
  );

  // Last resort: a generic page, never a stack trace.
  app.use((err, _req, res, _next) => {
    logLine("error", "unhandled server error", { requestId: res.locals.requestId, error: String(err?.message ?? err) });
    if (res.headersSent) return;
    const status = err?.status >= 400 && err?.status < 500 ? err.status : 500;
    res
      .status(status)
      .type("text/plain")
      .send(status === 500 ? "Internal Server Error" : "Bad Request");
  });

  const server = app.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    logLine("info", "server started", {
      url: `http://localhost:${port}`,
      database: boot.database,
      seeded: boot.seeded,
    });
    if (boot.demoAccounts.length) {
      const rows = boot.demoAccounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(34)} ${a.password}`);
      process.stdout.write(`\nServing on http://localhost:${port}\nDemo logins:\n${rows.join("\n")}\n\n`);
    }
  });
  server.keepAliveTimeout = 5_000;

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) process.exit(1);
    stopping = true;
    logLine("info", "shutting down", { signal });
    server.close(async () => {
      try {
        await vite?.close();
        await entry.shutdown();
      } finally {
        process.exit(0);
      }
    });
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  logLine("error", "start failed", { error: String(err?.message ?? err) });
  process.stderr.write(`\n${err?.message ?? err}\n`);
  process.exit(1);
});
