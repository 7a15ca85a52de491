/**
 * The panels' one server helper for a form action. A route states what its screen posts
 * (create, update, delete, or its own intents); `panelAction` reads the form, picks the intent, checks the
 * row id, parses with the intent's Zod schema, runs the module call (which asks the entity's policy and
 * writes the audit row in its transaction) and answers the documented message: "... added successfully!" or
 * "Failed to add ...: {message}" with the status and field errors of the module's error.
 */
import type { PanelSection } from "~/lib/http/panels";
import { type QualifiedKey, messageKey } from "~/lib/i18n/keys";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { NotFoundError } from "~/lib/http/errors";
import { fail, failFrom, ok, parseWith, readForm } from "./form.server";
import { isTextId, isUuid } from "~/lib/db/query";

/** One thing a screen posts: its success and failure messages, and the module call. */
export type Intent = {
  success: QualifiedKey;
  failure: QualifiedKey;
  /** Whether the intent acts on a row named by the posted `id`. */
  row: boolean;
  /** Parses the form; without one the call gets the raw fields. */
  schema?: z.ZodType;
  run: (input: unknown, id: string) => Promise<unknown>;
};

/** What a module offers a panel for its entity; every call asks the entity's policy itself. */
export type CrudCommands<C = never, U = C> = {
  /** Our tables' ids are uuids; accounts have better-auth ids. */
  idKind: "uuid" | "text";
  /** The module's message for a row that does not exist. */
  notFound?: string;
  create?: { schema: z.ZodType<C>; run: (input: C) => Promise<unknown> };
  update?: { schema: z.ZodType<U>; run: (id: string, input: U) => Promise<unknown> };
  remove?: (id: string) => Promise<unknown>;
};

/** The docs/product.md messages of a screen's create/update/delete (only those of the commands it offers). */
type CrudMessages = {
  added?: QualifiedKey;
  updated?: QualifiedKey;
  deleted?: QualifiedKey;
  addFailed?: QualifiedKey;
  updateFailed?: QualifiedKey;
  deleteFailed?: QualifiedKey;
  /** The form error when a field is wrong and the schema names no docs/product.md message. */
  invalid: QualifiedKey;
};

type AdminSection = Exclude<
  PanelSection<"admin">,
  "dashboard" | "logs" | "reports" | "reviews" | "settings" | "open311" | "system"
>;
type MerchantSection = Exclude<PanelSection<"merchant">, "dashboard" | "profile" | "redeem">;

/** The message keys of a panel section: `admin:<section>.added` or `merchant:<section>.success.added`. */
export function panelMessages(panel: "admin", section: AdminSection): CrudMessages;
export function panelMessages(panel: "merchant", section: MerchantSection): CrudMessages;
export function panelMessages(panel: "admin" | "merchant", section: AdminSection): CrudMessages {
  if (panel === "admin") {
    return {
      added: `admin:${section}.added`,
      updated: `admin:${section}.updated`,
      deleted: `admin:${section}.deleted`,
      addFailed: `admin:${section}.addFailed`,
      updateFailed: `admin:${section}.updateFailed`,
      deleteFailed: `admin:${section}.deleteFailed`,
      invalid: "admin:common.fixErrors",
    };
  }
  const own = section as MerchantSection;
  return {
    added: `merchant:${own}.success.added`,
    updated: `merchant:${own}.success.updated`,
    deleted: `merchant:${own}.success.deleted`,
    addFailed: `merchant:${own}.errors.addFailed`,
    updateFailed: `merchant:${own}.errors.updateFailed`,
    deleteFailed: `merchant:${own}.errors.deleteFailed`,
    invalid: "merchant:errors.checkFields",
  };
}

/** The create/update/delete intents of an entity's commands, with the panel's messages. */
function crudIntents<C, U>(commands: CrudCommands<C, U>, m: CrudMessages): Record<string, Intent> {
  const { create, update, remove } = commands;
  const intents: Record<string, Intent> = {};
  if (create && m.added && m.addFailed)
    intents.create = {
      success: m.added,
      failure: m.addFailed,
      row: false,
      schema: create.schema,
      run: (input) => create.run(input as C),
    };
  if (update && m.updated && m.updateFailed)
    intents.update = {
      success: m.updated,
      failure: m.updateFailed,
      row: true,
      schema: update.schema,
      run: (input, id) => update.run(id, input as U),
    };
  if (remove && m.deleted && m.deleteFailed)
    intents.delete = { success: m.deleted, failure: m.deleteFailed, row: true, run: (_, id) => remove(id) };
  return intents;
}

type ActionOptions = { idKind?: "uuid" | "text"; notFound?: string; invalid: QualifiedKey };

/** Runs the posted intent of a screen and answers ok(success) or fail(status, failure, fieldErrors, params). */
export async function formAction(
  request: Request,
  context: AppLoadContext,
  intents: Record<string, Intent>,
  options: ActionOptions,
) {
  const form = await readForm(request);
  const intent = Object.hasOwn(intents, form.intent ?? "") ? intents[form.intent] : undefined;
  if (!intent) return fail(400, "validation.malformed");
  const translate = (key: string, params?: Record<string, string>) => context.t(messageKey(key), params);
  const id = (options.idKind === "text" ? postedId(form) : postedUuid(form)) ?? "";
  if (intent.row && !id) return failFrom(new NotFoundError(options.notFound), intent.failure, translate);
  let input: unknown = form;
  if (intent.schema) {
    const parsed = parseWith(intent.schema, form);
    if (!parsed.ok) return fail(400, parsed.formError ?? options.invalid, parsed.fieldErrors);
    input = parsed.data;
  }
  try {
    await intent.run(input, id);
    return ok(intent.success);
  } catch (err) {
    return failFrom(err, intent.failure, translate);
  }
}

/** A panel's create/update/delete action, plus any intents of its own (approve, reject...). */
export function panelAction<C, U>(
  request: Request,
  context: AppLoadContext,
  commands: CrudCommands<C, U>,
  messages: CrudMessages,
  extra: Record<string, Intent> = {},
) {
  return formAction(
    request,
    context,
    { ...crudIntents(commands, messages), ...extra },
    {
      idKind: commands.idKind,
      notFound: commands.notFound,
      invalid: messages.invalid,
    },
  );
}

/** The row id posted by a dialog when it is a better-auth id (query.ts `isTextId`). */
export function postedId(form: Record<string, string>): string | null {
  const id = (form.id ?? "").trim();
  return isTextId(id) ? id : null;
}

/** The row id posted by a dialog when it is a uuid (our own tables). */
export function postedUuid(form: Record<string, string>): string | null {
  const id = (form.id ?? "").trim();
  return isUuid(id) ? id : null;
}
