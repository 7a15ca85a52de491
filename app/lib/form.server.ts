/** Turning posted forms into validated data or field errors, and errors into responses. */
import { data } from "react-router";
import type { z } from "zod";
import { type FieldErrors, HttpError } from "./errors";
import { log } from "./log.server";

export type FormFailure = { ok: false; formError?: string; fieldErrors: FieldErrors; params?: Record<string, string> };

/** Reads a urlencoded or multipart body; a malformed body is a 400, never a 500. */
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

/** Maps a module error to an action response; anything unexpected is logged and answered generically. */
export function errorResponse(err: unknown, fallback: string, params: Record<string, string> = {}) {
  if (err instanceof HttpError) {
    return data(
      {
        ok: false as const,
        formError: err.message,
        fieldErrors: err.fieldErrors,
        params: { ...params, ...err.params },
      },
      { status: err.status },
    );
  }
  log("error", "action failed", { err });
  return data({ ok: false as const, formError: fallback, fieldErrors: {} as FieldErrors, params }, { status: 500 });
}
