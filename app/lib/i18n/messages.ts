/**
 * Where the translations come from. The server has them all in memory; the browser fetches the active
 * language's namespaces as fingerprinted, long-cached JSON files (before hydration, and before a language
 * switch renders), so pages don't carry the translations in their HTML. Plain JSON fetches, not JavaScript
 * modules: no module-loading helper in every page's code, and JSON parses faster.
 */
import { createContext } from "react";
import { DEFAULT_LOCALE, type Locale, type Messages, NAMESPACES, SERVER_ONLY_NAMESPACES, isLocale } from "./";

type MessagesSource = (locale: Locale) => Messages | undefined;
export const MessagesContext = createContext<MessagesSource>(() => undefined);

const files = import.meta.glob<string>(["../../locales/*/*.json", "!../../locales/*/mail.json"], {
  query: "?url&no-inline",
  import: "default",
  eager: true,
});
const cache = new Map<Locale, Messages>();

export async function loadMessages(locale: string): Promise<Messages> {
  const lng: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const hit = cache.get(lng);
  if (hit) return hit;
  const entries = await Promise.all(
    NAMESPACES.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)).map(async (ns) => {
      const url = files[`../../locales/${lng}/${ns}.json`];
      const res = url ? await fetch(url) : undefined;
      if (res && !res.ok) throw new Error(`translations ${lng}/${ns}: HTTP ${res.status}`);
      return [ns, res ? ((await res.json()) as Record<string, unknown>) : {}] as const;
    }),
  );
  const messages = Object.fromEntries(entries) as Messages;
  cache.set(lng, messages);
  return messages;
}

export const cachedMessages: MessagesSource = (locale) => cache.get(locale);
