/**
 * `useTranslation` for the app's components: the same `{ t, i18n }` as react-i18next's hook, without its
 * per-component costs. react-i18next builds a copy of the i18n instance (all its property descriptors) and a
 * fresh fixed `t` for every component that calls the hook, which made a server render of the municipality
 * home spend more time there than in React itself. Here a fixed `t` is made once per instance, language and
 * namespace, and components re-render when the language changes, as before.
 */
import type { i18n as I18n, TFunction } from "i18next";
import { useCallback, useContext, useSyncExternalStore } from "react";
import { I18nContext, getI18n } from "react-i18next";
import type { Namespace } from "./i18n";

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function fixedT(i18n: I18n, lng: string, ns: Namespace): TFunction {
  let byKey = fixedTs.get(i18n);
  if (!byKey) {
    byKey = new Map();
    fixedTs.set(i18n, byKey);
  }
  const key = `${lng}\u0000${ns}`;
  let t = byKey.get(key);
  if (!t) {
    t = memoized(i18n, i18n.getFixedT(lng, ns));
    byKey.set(key, t);
  }
  return t;
}

type Options = Record<string, unknown>;
const MAX_MEMO = 5000;

/** Options made only of strings, numbers and booleans can key a memo entry; anything else is translated. */
function memoKey(key: string, options: Options | undefined): string | null {
  if (options === undefined) return key;
  let out = key;
  for (const name in options) {
    const v = options[name];
    const type = typeof v;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    out += `\u0000${name}\u0001${type}\u0001${v}`;
  }
  return out;
}

/**
 * A page asks for the same strings hundreds of times (one card's labels times the number of cards): a
 * string key with plain options is translated once and then looked up. The memo is emptied when resources
 * are added (a language's chunks arriving in the browser) and is bounded.
 */
function memoized(i18n: I18n, t: TFunction): TFunction {
  const memo = new Map<string, unknown>();
  i18n.store?.on?.("added", () => memo.clear());
  const fast = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const k =
      typeof key === "string" && rest.length === 0 && (options === undefined || isPlainObject(options))
        ? memoKey(key, options as Options | undefined)
        : null;
    if (k === null) return (t as unknown as (...args: unknown[]) => unknown)(key, options, ...rest);
    if (memo.has(k)) return memo.get(k);
    const value = (t as unknown as (...args: unknown[]) => unknown)(key, options);
    if (memo.size >= MAX_MEMO) memo.clear();
    memo.set(k, value);
    return value;
  };
  return Object.assign(fast, t) as unknown as TFunction;
}

function isPlainObject(value: unknown): value is Options {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

export function useTranslation(ns: Namespace = "common"): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    },
    [i18n],
  );
  const language = () => i18n.language;
  const lng = useSyncExternalStore(subscribe, language, language);
  return { t: fixedT(i18n, lng, ns), i18n };
}
