import { redirect } from "react-router";
import { findActiveMunicipality } from "~/modules/municipality/municipality.server";

/** SPEC: an unknown or inactive municipality redirects to /404. */
export async function requireActiveMunicipality(slug: string | undefined) {
  const municipality = slug ? await findActiveMunicipality(slug) : null;
  if (!municipality) throw redirect("/404");
  return municipality;
}
