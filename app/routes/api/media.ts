/**
 * GET /media/<hash>-<width>.<ext>: an uploaded image's variant. Public images are cached for a
 * year (the address changes when the image does); a pending report's photo or a fresh upload is shown only
 * to its owner and administrators, never stored by a shared cache, and is a 404 to everyone else.
 * (X-Content-Type-Options: nosniff is on every answer of the site: helmet, app/server/http.server.ts.)
 */
import { readMedia } from "~/modules/media/index.server";
import type { Route } from "./+types/media";

const NOT_FOUND = () =>
  new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = await context.getActor();
  const found = await readMedia(actor, params.file ?? "");
  if (!found) return NOT_FOUND();
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(found.bytes.length),
      "Cache-Control": found.public ? "public, max-age=31536000, immutable" : "private, no-store",
      "Content-Disposition": "inline",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
