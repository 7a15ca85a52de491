/**
 * The translation engine used on the server and in the browser (decision 0005). It covers what the app's
 * messages use, with i18next's semantics for it:
 * - `ns:key.path` picks a namespace; otherwise `options.ns` (one or a list, tried in order) or the fixed one;
 * - nested keys by dots; a missing translation falls back to English, then to `defaultValue` (or a string
 *   second argument), then to the key without its namespace;
 * - `{{name}}` interpolation without escaping (React escapes); a variable not passed stays as written, one
 *   passed as undefined or null becomes empty;
 * - plurals with `count`: `key_one` / `key_other` (Intl.PluralRules of the language), then `key`;
 * - `lng` in the options translates into another language.
 * About 1 KB in the browser instead of i18next's 16 KB.
 */
import { DEFAULT_LOCALE, type Locale, type Messages, NAMESPACES, type Namespace, isLocale } from "./";
import type { TranslationKey } from "./keys";
import { intlValue } from "./intl-replay";

type TOptions = {
  ns?: Namespace | readonly Namespace[];
  defaultValue?: string;
  count?: number | string;
  lng?: string;
  [variable: string]: unknown;
};
/** A `t` whose keys are checked against the English files (lib/i18n/keys.ts); NS is its default namespace. */
export type TFunction<NS extends Namespace = "common"> = (
  key: TranslationKey<NS>,
  options?: TOptions | string,
) => string;
/** The translator's own untyped form. */
type RawT = (key: string, options?: TOptions | string) => string;

type Tree = { [key: string]: string | Tree };
type Listener = () => void;

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural category; replayed while a page hydrates like the formatted values (lib/i18n/intl-replay.ts). */
function pluralOf(lng: string, count: number): string {
  return intlValue(`plural|${lng}|${count}`, () => {
    let rules = pluralRules.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      pluralRules.set(lng, rules);
    }
    return rules.select(count);
  });
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    if (!Object.hasOwn(options, name)) return match;
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

const isNamespace = (s: string): s is Namespace => (NAMESPACES as readonly string[]).includes(s);

export class Translator {
  language: Locale;
  private readonly resources: Partial<Record<Locale, Partial<Record<Namespace, Tree>>>> = {};
  private readonly listeners = new Set<Listener>();
  private readonly fixed = new Map<string, RawT>();

  constructor(language: Locale, resources: Partial<Record<Locale, Partial<Messages>>> = {}) {
    this.language = language;
    for (const [lng, messages] of Object.entries(resources)) {
      for (const [ns, tree] of Object.entries(messages ?? {}))
        this.addResourceBundle(lng as Locale, ns as Namespace, tree);
    }
  }

  hasResourceBundle(lng: Locale, ns: Namespace): boolean {
    return this.resources[lng]?.[ns] !== undefined;
  }

  addResourceBundle(lng: Locale, ns: Namespace, bundle: unknown) {
    const forLng = this.resources[lng] ?? {};
    this.resources[lng] = forLng;
    forLng[ns] = bundle as Tree;
    // Memoised results may have been "missing" before.
    this.fixed.clear();
  }

  changeLanguage(lng: Locale) {
    if (lng === this.language) return;
    this.language = lng;
    for (const listener of this.listeners) listener();
  }

  /** Called when the language changes. Returns the unsubscribe function. */
  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A `t` bound to a language and a default namespace, memoised for string keys with plain options. */
  getFixedT<NS extends Namespace = "common">(lng: string, ns: NS = "common" as NS): TFunction<NS> {
    const id = `${lng}\u0000${ns}`;
    let t = this.fixed.get(id);
    if (!t) {
      const memo = new Map<string, string>();
      t = (key: string, options?: TOptions | string) => {
        const memoKey = keyOf(key, options);
        if (memoKey === null) return this.translate(lng, ns, key, options);
        let value = memo.get(memoKey);
        if (value === undefined) {
          value = this.translate(lng, ns, key, options);
          if (memo.size >= 5000) memo.clear();
          memo.set(memoKey, value);
        }
        return value;
      };
      this.fixed.set(id, t);
    }
    return t as TFunction<NS>;
  }

  /** `t` in the current language, default namespace `common`. */
  readonly t: TFunction = (key, options) => this.getFixedT(this.language)(key, options);

  translate(lng: string, defaultNs: Namespace, key: string, optionsOrDefault?: TOptions | string): string {
    const options: TOptions | undefined =
      typeof optionsOrDefault === "string" ? { defaultValue: optionsOrDefault } : optionsOrDefault;
    let path = key;
    let namespaces: readonly Namespace[];
    const colon = key.indexOf(":");
    const prefix = colon > 0 ? key.slice(0, colon) : "";
    if (isNamespace(prefix)) {
      namespaces = [prefix];
      path = key.slice(colon + 1);
    } else if (options?.ns) {
      namespaces = typeof options.ns === "string" ? [options.ns] : options.ns;
    } else {
      namespaces = [defaultNs];
    }
    const first = options?.lng ?? lng;
    const languages = first === DEFAULT_LOCALE ? [first] : [first, DEFAULT_LOCALE];
    const count = typeof options?.count === "number" ? options.count : undefined;
    for (const ns of namespaces) {
      for (const code of languages) {
        if (!isLocale(code)) continue;
        const tree = this.resources[code]?.[ns];
        if (!tree) continue;
        let found: string | undefined;
        if (count !== undefined) {
          found = lookup(tree, `${path}_${pluralOf(code, count)}`) ?? lookup(tree, `${path}_other`);
        }
        found ??= lookup(tree, path);
        if (found !== undefined) return interpolate(found, options);
      }
    }
    return interpolate(options?.defaultValue ?? path, options);
  }
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A memo key for a string key whose options are all strings, numbers or booleans (else null: no memo). */
function keyOf(key: string, options: TOptions | string | undefined): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return key;
  if (typeof options === "string") return `${key}\u0000=${options}`;
  // Plurals are not memoised: their category goes through intlValue on every call, so each render records
  // it for the browser to hydrate with (lib/i18n/intl-replay.ts).
  if (typeof options.count === "number") return null;
  let out = key;
  for (const name in options) {
    const value = options[name];
    const type = typeof value;
    if (name === "ns" && Array.isArray(value)) {
      out += `\u0000ns\u0001${value.join(",")}`;
      continue;
    }
    if (type !== "string" && type !== "number" && type !== "boolean" && value !== undefined) return null;
    out += `\u0000${name}\u0001${type}\u0001${String(value)}`;
  }
  return out;
}

/** A translator for a language with its messages (and English as the fallback, on the server). */
export function createI18n(locale: Locale, messages: Messages, fallback?: Messages): Translator {
  const resources: Partial<Record<Locale, Messages>> = { [locale]: messages };
  if (fallback && locale !== DEFAULT_LOCALE) resources[DEFAULT_LOCALE] = fallback;
  return new Translator(locale, resources);
}
