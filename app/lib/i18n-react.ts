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
    t = i18n.getFixedT(lng, ns);
    byKey.set(key, t);
  }
  return t;
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
