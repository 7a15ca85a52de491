/**
 * The one way a form action answers: reading a posted form, validating it with its Zod
 * schema, and turning the outcome into `{ ok: true, message }` or `{ ok: false, formError, fieldErrors,
 * params }` with the right status. Panels use these through `crudAction` (crud.server.ts).
 */
import { data } from "react-router";
import type { z } from "zod";
import { type FieldErrors, HttpError } from "~/lib/http/errors";
import { log } from "~/lib/log.server";

type FormFailure = { ok: false; formError?: string; fieldErrors: FieldErrors; params?: Record<string, string> };

/**
 * Reads a urlencoded or multipart body; a malformed body is a 400, never a 500. A NUL anywhere (a field's
 * name or value) is refused here, for every form at once: no keyboard types one, PostgreSQL refuses it in text
 * (a query error), and fields read without a schema (an intent, an id, a search) would pass it on. Other
 * control characters are the schemas' to refuse, with a message on the field (lib/forms/validation.ts).
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ ok: false, formError: "validation.malformed", fieldErrors: {} } satisfies FormFailure, {
      status: 400,
    });
  }
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) {
    if (k.includes("\0") || (typeof v === "string" && v.includes("\0"))) {
      throw data({ ok: false, formError: "validation.controlChars", fieldErrors: {} } satisfies FormFailure, {
        status: 400,
      });
    }
    if (typeof v === "string" && !(k in out)) out[k] = v;
  }
  return out;
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  formError?: string,
): { ok: true; data: z.output<S> } | FormFailure {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "_form");
    fieldErrors[key] ??= issue.message;
  }
  const required = Object.values(fieldErrors).find((m) => !m.startsWith("validation."));
  return { ok: false, fieldErrors, formError: formError ?? required };
}

/** A success: the message key (and its variables) the form shows. */
export function ok(message: string, params: Record<string, string> = {}) {
  return { ok: true as const, message, params };
}

/** A failure with its status, the form's message key, the field errors and the message's variables. */
export function fail(
  status: number,
  formError: string,
  fieldErrors: FieldErrors = {},
  params: Record<string, string> = {},
) {
  return data({ ok: false as const, formError, fieldErrors, params }, { status });
}

/**
 * A failed mutation: a known error keeps its status and field errors; the documented message ("Failed to
 * add {item}: {message}") gets the module's message as {message}. Unknown errors are logged, never shown.
 */
export function failFrom(
  err: unknown,
  formError: string,
  translate: (key: string, params?: Record<string, string>) => string,
) {
  if (err instanceof HttpError) {
    // The message's own variables (a town, a distance) travel with it, for the field messages too.
    return fail(err.status, formError, err.fieldErrors, { ...err.params, message: translate(err.message, err.params) });
  }
  log("error", "mutation failed", { err });
  return fail(500, formError, {}, { message: translate("errors.generic") });
}

/**
 * A failed action whose form shows the module's own message (sign-up, profile, report filing); anything
 * unexpected is logged and answered with `fallback`.
 */
export function errorResponse(err: unknown, fallback: string, params: Record<string, string> = {}) {
  if (err instanceof HttpError) return fail(err.status, err.message, err.fieldErrors, { ...params, ...err.params });
  log("error", "action failed", { err });
  return fail(500, fallback, {}, params);
}

/** A failure of one of several forms on a page, marked with its form (`intent`) so only that form shows it. */
export function failFor<const I extends string>(intent: I, failure: ReturnType<typeof fail>) {
  return data({ ...failure.data, intent }, { status: failure.init?.status ?? 400 });
}

/** A validation failure of one of several forms on a page: the first field's message is the form's. */
export function invalidFor<const I extends string>(intent: I, failure: FormFailure) {
  const formError = Object.values(failure.fieldErrors)[0] ?? "validation.invalid";
  return data({ ok: false as const, intent, formError, fieldErrors: failure.fieldErrors, params: {} }, { status: 400 });
}
