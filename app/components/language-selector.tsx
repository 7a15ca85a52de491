import { Languages } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link, useLocation } from "react-router";
import { LOCALES, LOCALE_STORAGE_KEY, type Locale } from "~/lib/i18n";
import { Dropdown } from "./ui/dropdown";

/** EN/NL/FR: a link to the same page with ?lng=, so it works without JavaScript and keeps the page. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = (i18n.language as Locale) ?? "en";
  const hrefFor = (lng: Locale) => {
    const params = new URLSearchParams(location.search);
    params.set("lng", lng);
    return `${location.pathname}?${params.toString()}`;
  };
  const remember = (lng: Locale) => {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, lng);
    } catch {
      /* storage unavailable */
    }
  };
  return (
    <Dropdown
      ariaLabel={t("language.label", { language: t(`language.names.${current}`) })}
      label={
        <>
          <Languages aria-hidden="true" className="size-4" />
          <span>{current.toUpperCase()}</span>
        </>
      }
    >
      {(close) =>
        LOCALES.map((lng) => (
          <Link
            key={lng}
            role="menuitem"
            to={hrefFor(lng)}
            hrefLang={lng}
            lang={lng}
            aria-current={lng === current ? "true" : undefined}
            preventScrollReset
            onClick={() => {
              remember(lng);
              close();
            }}
            className={`block px-4 py-2 text-sm hover:bg-slate-100 focus:bg-slate-100 ${lng === current ? "font-semibold text-brand-700" : "text-slate-800"}`}
          >
            {lng.toUpperCase()} · {t(`language.names.${lng}`, { lng })}
          </Link>
        ))
      }
    </Dropdown>
  );
}
