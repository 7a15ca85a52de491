/**
 * Translation keys typed from the English files: `t("no.such.key")` fails the typecheck. A key
 * is "ns:path.to.key", or "path.to.key" in the namespace the `t` was made for; a plural's `key_one` /
 * `key_other` is also reachable as `key` (with `count`). Type-only: nothing here reaches the browser.
 */
import type account from "~/locales/en/account.json";
import type admin from "~/locales/en/admin.json";
import type common from "~/locales/en/common.json";
import type mail from "~/locales/en/mail.json";
import type merchant from "~/locales/en/merchant.json";
import type site from "~/locales/en/site.json";
import type { Namespace } from "./";

type EnMessages = {
  common: typeof common;
  site: typeof site;
  account: typeof account;
  merchant: typeof merchant;
  admin: typeof admin;
  mail: typeof mail;
};

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base | K : K;

/** "a.b.c" for every string leaf of a message tree. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The keys of one namespace, without its prefix. */
type KeyOf<NS extends Namespace> = Leaves<EnMessages[NS]>;

/** Any key with its namespace: "admin:users.title". */
export type QualifiedKey = { [NS in Namespace]: `${NS}:${KeyOf<NS>}` }[Namespace];

/** What a `t` made for namespace NS accepts: its own keys bare, and every key with its namespace. */
export type TranslationKey<NS extends Namespace = "common"> = KeyOf<NS> | QualifiedKey;

/**
 * A key that arrives as data, not as code: a form result or a module error sent by the server, a message
 * chosen by the server. The compiler cannot check it; the translator falls back to English and then to the
 * key itself, and tests/unit/i18n-keys.test.ts checks every key written in the server code. Use it only for
 * such values.
 */
export function messageKey(key: string): QualifiedKey {
  return key as QualifiedKey;
}

/**
 * A value from the database narrowed to a known list (a category, a report type, a status), so that
 * `t(\`categories.${value}\`)` is checked; null when the value is not one of them.
 */
export function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  return value != null && (values as readonly string[]).includes(value) ? (value as T) : null;
}
