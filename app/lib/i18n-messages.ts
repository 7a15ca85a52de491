/**
 * Where the translations come from. The server has them all in memory; the browser loads the active
 * language's namespaces as fingerprinted, long-cached JSON chunks (before hydration, and before a language
 * switch renders), so pages don't carry the translations in their HTML.
 */
import { createContext } from "react";
import { DEFAULT_LOCALE, type Locale, type Messages, NAMESPACES, isLocale } from "./i18n";

export type MessagesSource = (locale: Locale) => Messages | undefined;
export const MessagesContext = createContext<MessagesSource>(() => undefined);

const chunks = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");
const cache = new Map<Locale, Messages>();

export async function loadMessages(locale: string): Promise<Messages> {
  const lng: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const hit = cache.get(lng);
  if (hit) return hit;
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = chunks[`../locales/${lng}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  const messages = Object.fromEntries(entries) as Messages;
  cache.set(lng, messages);
  return messages;
}

export const cachedMessages: MessagesSource = (locale) => cache.get(locale);
