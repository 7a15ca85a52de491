import adminEn from "~/locales/en/admin.json";
import accountEn from "~/locales/en/account.json";
import commonEn from "~/locales/en/common.json";
import mailEn from "~/locales/en/mail.json";
import merchantEn from "~/locales/en/merchant.json";
import siteEn from "~/locales/en/site.json";
import adminFr from "~/locales/fr/admin.json";
import accountFr from "~/locales/fr/account.json";
import commonFr from "~/locales/fr/common.json";
import mailFr from "~/locales/fr/mail.json";
import merchantFr from "~/locales/fr/merchant.json";
import siteFr from "~/locales/fr/site.json";
import adminNl from "~/locales/nl/admin.json";
import accountNl from "~/locales/nl/account.json";
import commonNl from "~/locales/nl/common.json";
import mailNl from "~/locales/nl/mail.json";
import merchantNl from "~/locales/nl/merchant.json";
import siteNl from "~/locales/nl/site.json";
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, type Messages, cookieValue, isLocale, matchLocale } from "./";
import { type TFunction, createI18n } from "./translator";

export const MESSAGES: Record<Locale, Messages> = {
  en: { common: commonEn, site: siteEn, account: accountEn, merchant: merchantEn, admin: adminEn, mail: mailEn },
  nl: { common: commonNl, site: siteNl, account: accountNl, merchant: merchantNl, admin: adminNl, mail: mailNl },
  fr: { common: commonFr, site: siteFr, account: accountFr, merchant: merchantFr, admin: adminFr, mail: mailFr },
};

/** Server-side detection: ?lng=, then the language cookie, then Accept-Language (weights honoured). */
export function detectLocale(request: Request): { locale: Locale; fromQuery: boolean } {
  const q = new URL(request.url).searchParams.get("lng");
  if (isLocale(q)) return { locale: q, fromQuery: true };
  return {
    locale: detectLocaleFrom(null, request.headers.get("cookie"), request.headers.get("accept-language")),
    fromQuery: false,
  };
}

/** The same detection from the raw inputs (the page cache keys on it without building a Request). */
export function detectLocaleFrom(lng: string | null, cookie: string | null, acceptLanguage: string | null): Locale {
  if (isLocale(lng)) return lng;
  const c = cookieValue(cookie, LOCALE_COOKIE);
  if (isLocale(c)) return c;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const qp = params.find((p) => p.trim().startsWith("q="));
      return { tag, q: qp ? Number(qp.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const m = matchLocale(tag);
    if (m) return m;
  }
  return DEFAULT_LOCALE;
}

const instances = new Map<Locale, TFunction>();
/** A translation function for a locale, for loaders (titles, meta, messages) and emails. */
export function serverT(locale: Locale): TFunction {
  let t = instances.get(locale);
  if (!t) {
    t = createI18n(locale, MESSAGES[locale], MESSAGES[DEFAULT_LOCALE]).t;
    instances.set(locale, t);
  }
  return t;
}
