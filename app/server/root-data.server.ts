/** The root loader's data: site name, language, nonce and the signed-in user. */
import type { AppLoadContext } from "react-router";
import { getSettings } from "~/modules/settings/settings.server";
import { findMunicipalitySlugById } from "~/modules/municipality/municipality.server";
import { log } from "~/lib/log.server";
import type { SessionUser } from "~/lib/use-root-data";

export async function rootData(context: AppLoadContext) {
  const actor = await context.getActor();
  let user: SessionUser | null = null;
  let siteName = "Buurtplatform";
  try {
    siteName = (await getSettings()).siteName;
  } catch (err) {
    log("error", "settings load failed", { err });
  }
  if (actor) {
    let municipalitySlug: string | null = null;
    if (actor.municipalityId) {
      municipalitySlug = await findMunicipalitySlugById(actor.municipalityId).catch(() => null);
    }
    user = { id: actor.id, name: actor.name, email: actor.email, role: actor.role, municipalitySlug };
  }
  return { locale: context.locale, nonce: context.nonce, user, siteName };
}
