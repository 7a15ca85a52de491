/** Small helpers that keep the admin routes thin: parse, run a module call, answer with ok/fail. */
import type { AppLoadContext } from "react-router";
import { fail, failFrom, ok } from "~/lib/crud.server";
import { HttpError } from "~/lib/errors";
import type { FormFailure } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import { isUuid } from "~/lib/query";

/** A failed validation: 400 with the field errors and the form's SPEC §5 message. */
export function invalid(parsed: FormFailure, fallback = "admin:common.fixErrors") {
  return fail(400, parsed.formError ?? fallback, parsed.fieldErrors);
}

/** Runs a mutation; success answers the message key, failure the SPEC §8 "Failed to ..." message. */
export async function attempt(
  context: AppLoadContext,
  successKey: string,
  failKey: string,
  fn: () => Promise<unknown>,
) {
  try {
    await fn();
    return ok(successKey);
  } catch (err) {
    return failFrom(err, failKey, (k) => context.t(k));
  }
}

/** The row id posted by a dialog; ids are uuids or better-auth ids (letters, digits, hyphens). */
export function postedId(form: Record<string, string>): string | null {
  const id = (form.id ?? "").trim();
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

export function postedUuid(form: Record<string, string>): string | null {
  const id = (form.id ?? "").trim();
  return isUuid(id) ? id : null;
}

export const notFound = (failKey: string, context: AppLoadContext) =>
  fail(404, failKey, {}, { message: context.t("errors.notFound") });

export const unknownIntent = () => fail(400, "validation.malformed");

/** Loads a list for a table; a failure is logged and becomes the SPEC §8 "Failed to fetch ..." banner. */
export async function loadList<T>(
  context: AppLoadContext,
  failKey: string,
  fn: () => Promise<T>,
  empty: T,
): Promise<{ value: T; error: string | null }> {
  try {
    return { value: await fn(), error: null };
  } catch (err) {
    log("error", "admin list failed", { err, failKey });
    const message = err instanceof HttpError ? context.t(err.message) : context.t("errors.generic");
    return { value: empty, error: context.t(failKey, { message }) };
  }
}
