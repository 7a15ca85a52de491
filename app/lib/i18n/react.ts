/**
 * React side of the translations: a provider for the page's translator and `useTranslation`, which returns
 * `{ t, i18n }` like react-i18next's hook did (decision 0005). `t` is fixed per language and namespace and
 * memoised; components re-render when the language changes.
 */
import { createContext, createElement, useCallback, useContext, useSyncExternalStore } from "react";
import type { Namespace } from "./";
import { type TFunction, Translator } from "./translator";

const fallback = new Translator("en");
const I18nContext = createContext<Translator>(fallback);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: React.ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation<NS extends Namespace = "common">(
  ns: NS = "common" as NS,
): { t: TFunction<NS>; i18n: Translator } {
  const i18n = useContext(I18nContext);
  const subscribe = useCallback((onChange: () => void) => i18n.onLanguageChanged(onChange), [i18n]);
  const language = () => i18n.language;
  const lng = useSyncExternalStore(subscribe, language, language);
  return { t: i18n.getFixedT(lng, ns), i18n };
}
