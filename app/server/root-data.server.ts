/** The root loader's data: site name and contact address (settings), language, nonce and the signed-in user. */
import type { AppLoadContext } from "react-router";
import { getSettings } from "~/modules/settings/index.server";
import { findMunicipalitySlugById, listActiveMunicipalities, townContacts } from "~/modules/municipality/index.server";
import { rememberLocale } from "~/modules/user/index.server";
import { log } from "~/lib/log.server";
import type { SessionUser } from "~/lib/use-root-data";

/** An address on the reserved `.local` domain (the built-in default) reaches nobody: the footer shows none. */
function reachable(email: string | null | undefined): string | null {
  return email && !/\.local$/i.test(email) ? email : null;
}

export async function rootData(context: AppLoadContext) {
  const actor = await context.getActor();
  let user: SessionUser | null = null;
  let siteName = "Buurtplatform";
  let contactEmail: string | null = null;
  let postalAddress: string | null = null;
  try {
    const settings = await getSettings();
    siteName = settings.siteName;
    contactEmail = reachable(settings.contactEmail);
    postalAddress = settings.postalAddress || null;
  } catch (err) {
    log("error", "settings load failed", { err });
  }
  if (actor) {
    let municipalitySlug: string | null = null;
    if (actor.municipalityId) {
      municipalitySlug = await findMunicipalitySlugById(actor.municipalityId).catch(() => null);
    }
    user = { id: actor.id, name: actor.name, email: actor.email, role: actor.role, municipalitySlug };
    // A signed-in user switched language: their mail goes out in it from now on.
    if (context.localeChosen) {
      await rememberLocale(actor.id, context.locale).catch((err) => log("warn", "language not remembered", { err }));
    }
  }
  // The footer's newsletter box offers the active municipalities (from the cached directory: no round trip).
  const newsletterTowns = await listActiveMunicipalities(context.locale)
    .then((list) => list.map(({ name, slug }) => ({ name, slug })))
    .catch(() => [] as { name: string; slug: string }[]);
  // The footer's contact details per town (the few towns that set their own), chosen by the page's town.
  const towns = await townContacts().catch(() => []);
  return {
    locale: context.locale,
    nonce: context.nonce,
    user,
    siteName,
    contactEmail,
    postalAddress,
    townContacts: towns,
    newsletterTowns,
  };
}
