import { Mail } from "~/components/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { messageKey } from "~/lib/i18n/keys";
import { useFetcher, useParams } from "react-router";
import { Link } from "~/components/link";
import { useRootData } from "~/lib/use-root-data";

/**
 * docs/product.md footer newsletter, made real: the address is required, the municipality is the one whose
 * weekly digest it wants (the reader's own town by default, else the page's). The server mails a confirmation
 * link (double opt-in); the success message says to check the inbox and stays until dismissed.
 */
export function NewsletterForm({ variant = "footer" }: { variant?: "footer" | "page" }) {
  const { t } = useTranslation();
  const { newsletterTowns, user } = useRootData();
  const params = useParams();
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const id = variant === "footer" ? "newsletter" : "newsletter-page";
  // The reader's own town first, then the town of the page; otherwise the reader chooses (no silent first pick).
  const known = (slug: string | null | undefined) => !!slug && newsletterTowns.some((m) => m.slug === slug);
  const defaultTown = known(user?.municipalitySlug)
    ? (user?.municipalitySlug as string)
    : known(params.municipality)
      ? (params.municipality as string)
      : "";
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      setEmail("");
      setError(null);
      setDone(true);
    } else setError(fetcher.data.formError ?? "footer.newsletter.failed");
  }, [fetcher.state, fetcher.data]);
  const dark = variant === "footer";
  const inputClass = dark ? "input border-slate-600 bg-slate-800 text-white placeholder:text-slate-400" : "input";
  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      noValidate
      onSubmit={(e) => {
        if (!email.trim() || !/^\S+@\S+\.\S+$/.test(email.trim())) {
          e.preventDefault();
          setError("footer.newsletter.required");
          return;
        }
        setError(null);
        setDone(false);
      }}
      className="mt-3 space-y-2"
    >
      <label htmlFor={`${id}-email`} className={`block text-sm ${dark ? "text-slate-200" : "text-slate-800"}`}>
        {t("footer.newsletter.label")}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={t("footer.newsletter.placeholder")}
        className={inputClass}
      />
      <label htmlFor={`${id}-municipality`} className={`block text-sm ${dark ? "text-slate-200" : "text-slate-800"}`}>
        {t("footer.newsletter.municipality")}
      </label>
      <div className="flex gap-2">
        <select
          id={`${id}-municipality`}
          name="municipality"
          defaultValue={defaultTown}
          key={defaultTown}
          className={inputClass}
        >
          {!defaultTown && <option value="">{t("footer.newsletter.choose")}</option>}
          {newsletterTowns.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          {t("footer.newsletter.submit")}
        </button>
      </div>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm">
        {error && (
          <span id={`${id}-error`} className={dark ? "text-red-300" : "text-red-700"}>
            {t(messageKey(error))}
          </span>
        )}
        {/* The confirmation stays until the reader dismisses it (or subscribes again). */}
        {done && (
          <span className={`inline-flex flex-wrap items-center gap-2 ${dark ? "text-brand-200" : "text-brand-800"}`}>
            {t("footer.newsletter.success")}
            <button
              type="button"
              onClick={() => setDone(false)}
              className={`rounded px-1 underline ${dark ? "text-white" : "text-brand-900"}`}
            >
              {t("footer.newsletter.dismiss")}
            </button>
          </span>
        )}
      </p>
    </fetcher.Form>
  );
}

/**
 * The footer's contact details: the page's town's own where it set them (else the signed-in user's town's),
 * else the platform settings'; nothing where none is set.
 */
function useFooterContact() {
  const { contactEmail, postalAddress, townContacts, user } = useRootData();
  const params = useParams();
  const slug = params.municipality ?? user?.municipalitySlug ?? null;
  const town = slug ? townContacts.find((c) => c.slugs.includes(slug)) : undefined;
  return { email: town?.email ?? contactEmail, address: town?.address ?? postalAddress };
}

export function SiteFooter() {
  const { t } = useTranslation();
  const { siteName } = useRootData();
  const { email: contactEmail, address } = useFooterContact();
  // The current year, never a fixed one (server and browser agree but for the minutes around New Year).
  const [year] = useState(() => new Date().getFullYear());
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="text-lg font-bold text-white">{siteName}</h2>
          <p className="mt-3 text-sm leading-6 text-slate-300">{t("footer.about")}</p>
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
        {(address || contactEmail) && (
          <div>
            <h2 className="font-semibold text-white">{t("footer.contact")}</h2>
            <address className="mt-3 text-sm not-italic leading-6 text-slate-300">
              {address}
              {/* The addresses set in the platform settings or the town's own, never fixed ones. */}
              {contactEmail && (
                <>
                  {address && <br />}
                  <a
                    href={`mailto:${contactEmail}`}
                    className="inline-flex items-center gap-1 hover:text-white hover:underline"
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    {contactEmail}
                  </a>
                </>
              )}
            </address>
          </div>
        )}
        <div>
          <h2 className="font-semibold text-white">{t("footer.newsletter.title")}</h2>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t("footer.copyright", { year, siteName })}
      </div>
    </footer>
  );
}
