import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";

const COOKIE_FLAG = "cookiesAccepted";

/** Shown until accepted; acceptance is stored locally (cookiesAccepted = true) and never asked again. */
export function CookieNotice() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  // In a task of its own after hydration: the first storage read can take a while on a phone.
  useEffect(() => {
    const id = window.setTimeout(() => {
      try {
        setShow(localStorage.getItem(COOKIE_FLAG) !== "true");
      } catch {
        setShow(true);
      }
    }, 0);
    return () => window.clearTimeout(id);
  }, []);
  if (!show) return null;
  return (
    <section
      aria-label={t("cookies.title")}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          {t("cookies.text")}{" "}
          <Link to="/privacy-policy" className="link">
            {t("cookies.more")}
          </Link>
        </p>
        <button
          type="button"
          className="btn-primary shrink-0"
          onClick={() => {
            try {
              localStorage.setItem(COOKIE_FLAG, "true");
            } catch {
              /* storage unavailable: hide for this page only */
            }
            setShow(false);
          }}
        >
          {t("cookies.accept")}
        </button>
      </div>
    </section>
  );
}
