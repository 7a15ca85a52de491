import { serverT } from "~/lib/i18n/locale.server";
import { findMunicipalitySlugById } from "~/modules/municipality/index.server";
import { getSettings } from "~/modules/settings/index.server";
import type { Route } from "./+types/manifest";

/**
 * The web app manifest, in the reader's language: what a phone shows when the site is installed. A signed-in
 * resident's installed app opens on their own municipality; anyone else's on the landing page. The page links it
 * with credentials so the resident's cookie comes along; an answer naming a town is private to that browser.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.locale);
  const actor = await context.getActor();
  const slug = actor?.municipalityId ? await findMunicipalitySlugById(actor.municipalityId).catch(() => null) : null;
  const { siteName } = await getSettings().catch(() => ({ siteName: "Buurtplatform" }));
  const manifest = {
    id: "/",
    name: siteName,
    short_name: t("common:app.shortName"),
    description: t("common:app.description"),
    lang: context.locale,
    dir: "ltr",
    start_url: slug ? `/${slug}` : "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: "#0f5132",
    background_color: "#f8fafc",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": actor ? "private, no-store" : "public, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}
