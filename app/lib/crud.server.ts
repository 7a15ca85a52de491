/** Server side of the table + dialog pattern: list parameters, and action answers. */
import { data } from "react-router";
import { HttpError } from "./errors";
import type { FieldErrors } from "./errors";
import { log } from "./log.server";

export const PAGE_SIZE = 20;

/** ?q= and ?page= from the URL, bounded. */
export function listParams(request: Request, pageSize = PAGE_SIZE) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const pageRaw = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 10_000) : 1;
  return { q, page, pageSize, offset: (page - 1) * pageSize };
}

export function ok(message: string, params: Record<string, string> = {}) {
  return { ok: true as const, message, params };
}

export function fail(
  status: number,
  formError: string,
  fieldErrors: FieldErrors = {},
  params: Record<string, string> = {},
) {
  return data({ ok: false as const, formError, fieldErrors, params }, { status });
}

/**
 * A failed mutation: a known error keeps its status and field errors; the SPEC §8 message ("Failed to
 * add {item}: {message}") gets the module's message as {message}. Unknown errors are logged, never shown.
 */
export function failFrom(err: unknown, formError: string, translate: (key: string) => string) {
  if (err instanceof HttpError) {
    const own = translate(err.message);
    if (err.status === 400 && Object.keys(err.fieldErrors).length) {
      return fail(400, formError, err.fieldErrors, { message: own });
    }
    return fail(err.status, formError, err.fieldErrors, { message: own });
  }
  log("error", "mutation failed", { err });
  return fail(500, formError, {}, { message: translate("errors.generic") });
}
