import { redirect } from "react-router";
import { detectLocale } from "~/lib/i18n/locale.server";
import { localized } from "~/lib/i18n/localized";
import { findActiveMunicipality } from "~/modules/municipality/index.server";

/**
 * docs/product.md: an unknown or inactive municipality redirects to /404. A municipality reached by one of its other
 * names (/bruxelles, /promotions/bruxelles/…) is sent to the same address with its canonical slug (301),
 * so each place has one address (decision 0013). With the request, `name` is the name in the
 * reader's language (Bruxelles for a French reader) and `nameLang` its language.
 */
export async function requireActiveMunicipality(slug: string | undefined, request?: Request) {
  const municipality = slug ? await findActiveMunicipality(slug) : null;
  if (!municipality) throw redirect("/404");
  if (request && slug !== municipality.slug) {
    const url = new URL(request.url);
    const segments = url.pathname.replace(/\.data$/, "").split("/");
    const at = segments.findIndex((s) => {
      try {
        return decodeURIComponent(s).toLowerCase() === slug?.toLowerCase();
      } catch {
        return false;
      }
    });
    if (at > 0) {
      segments[at] = municipality.slug;
      throw redirect(segments.join("/") + url.search, 301);
    }
  }
  if (!request) return { ...municipality, nameLang: municipality.originalLocale };
  const name = localized(municipality, "name", detectLocale(request).locale);
  return { ...municipality, name: name.text ?? municipality.name, nameLang: name.lang };
}
