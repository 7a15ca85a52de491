/**
 * Express request → Fetch Request → React Router → Fetch Response → Express response.
 *
 * Our own adapter instead of @react-router/express, for one reason: the URL React Router sees is built from
 * PUBLIC_URL (or, on a developer's machine without it, the Host the request came to), never from
 * X-Forwarded-Host or X-Forwarded-Proto (a forged header once put evil.example into cached pages).
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { requestOrigin } from "~/lib/http/origin.server";

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, requestOrigin(req.headers.host));
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  let done = false;
  res.on("finish", () => {
    done = true;
  });
  res.on("close", () => {
    if (!done) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * How a header of the route's answer meets the one a layer already set (helmet's defaults, the signed-in
 * Cache-Control, the Vary of pages): cookies add up and Vary is merged; a signed-in request's
 * `private, no-store` stays (a route's `public` must not let a shared cache keep a signed-in answer);
 * anything else the route says replaces the default, so an answer never carries two Content-Security-Policy
 * or Cross-Origin-Resource-Policy headers that a browser would both enforce.
 */
function mergeHeader(res: ExpressResponse, key: string, value: string) {
  const name = key.toLowerCase();
  if (name === "set-cookie") res.append(key, value);
  else if (name === "vary") res.vary(value);
  else if (name === "cache-control" && res.getHeader("cache-control") !== undefined) return;
  else res.setHeader(key, value);
}

export async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) mergeHeader(res, key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
