/**
 * The landing search found no municipality on the platform for what was typed ("Leuven"): say so, list the
 * municipalities that are, and offer the contact form (to ask for the town to join).
 */
import { MapPin, Mail } from "~/components/icons";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/i18n/react";

export function TownNotFound({ town, towns }: { town: string; towns: { name: string; slug: string }[] }) {
  const { t } = useTranslation("site");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t("townNotFound.title", { town })}</h1>
      <p className="mt-3 text-slate-700">{t("townNotFound.message", { town })}</p>
      {towns.length > 0 && (
        <section aria-labelledby="towns-on-platform" className="mt-8">
          <h2 id="towns-on-platform" className="text-lg font-semibold text-slate-900">
            {t("townNotFound.available")}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {towns.map((m) => (
              <li key={m.slug}>
                <Link to={`/${m.slug}`} className="btn-secondary rounded-full">
                  <MapPin aria-hidden="true" className="size-4" />
                  {m.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="town-contact" className="card mt-8 p-5">
        <h2 id="town-contact" className="text-lg font-semibold text-slate-900">
          {t("townNotFound.askTitle")}
        </h2>
        <p className="mt-2 text-slate-700">{t("townNotFound.ask", { town })}</p>
        <Link to="/contact" className="btn-primary mt-4">
          <Mail aria-hidden="true" className="size-4" />
          {t("townNotFound.contact")}
        </Link>
      </section>
    </main>
  );
}
