import { Briefcase, Camera, Mail, ThumbsUp } from "~/components/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "~/components/link";
import { useRootData } from "~/lib/use-root-data";

/** SPEC footer: the newsletter box requires an address, shows success for 3 s and sends nothing. */
function Newsletter() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => setDone(false), 3000);
    return () => clearTimeout(id);
  }, [done]);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!email.trim() || !/^\S+@\S+\.\S+$/.test(email.trim())) {
          setError(true);
          return;
        }
        setError(false);
        setEmail("");
        setDone(true);
      }}
      className="mt-3"
    >
      <label htmlFor="newsletter-email" className="text-sm text-slate-200">
        {t("footer.newsletter.label")}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error || undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          placeholder={t("footer.newsletter.placeholder")}
          className="input border-slate-600 bg-slate-800 text-white placeholder:text-slate-400"
        />
        <button type="submit" className="btn-primary shrink-0">
          {t("footer.newsletter.submit")}
        </button>
      </div>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm">
        {error && (
          <span id="newsletter-error" className="text-red-300">
            {t("footer.newsletter.required")}
          </span>
        )}
        {done && <span className="text-brand-200">{t("footer.newsletter.success")}</span>}
      </p>
    </form>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const { siteName } = useRootData();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="text-lg font-bold text-white">{siteName}</h2>
          <p className="mt-3 text-sm leading-6 text-slate-300">{t("footer.about")}</p>
          <ul className="mt-4 flex gap-3" aria-label={t("footer.social")}>
            {[
              { icon: ThumbsUp, name: "Facebook" },
              { icon: Camera, name: "Instagram" },
              { icon: Briefcase, name: "LinkedIn" },
            ].map(({ icon: Icon, name }) => (
              <li key={name}>
                <span
                  title={t("footer.socialSoon", { name })}
                  className="inline-flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-300"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t("footer.socialSoon", { name })}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-semibold text-white">
            {t("footer.quickLinks")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/" className="hover:text-white hover:underline">
                {t("footer.links.home")}
              </Link>
            </li>
            <li>
              <Link to="/merchants" className="hover:text-white hover:underline">
                {t("nav.merchants")}
              </Link>
            </li>
            <li>
              <Link to="/about-us" className="hover:text-white hover:underline">
                {t("nav.about")}
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-white hover:underline">
                {t("nav.contact")}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="hover:text-white hover:underline">
                {t("footer.links.privacy")}
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className="hover:text-white hover:underline">
                {t("footer.links.terms")}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t("footer.contact")}</h2>
          <address className="mt-3 text-sm not-italic leading-6 text-slate-300">
            {t("footer.address")}
            <br />
            <a
              href="mailto:hello@buurtplatform.be"
              className="inline-flex items-center gap-1 hover:text-white hover:underline"
            >
              <Mail aria-hidden="true" className="size-4" />
              hello@buurtplatform.be
            </a>
          </address>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t("footer.newsletter.title")}</h2>
          <Newsletter />
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t("footer.copyright", { year: 2025, siteName })}
      </div>
    </footer>
  );
}
