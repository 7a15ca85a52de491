/**
 * A prepared data export: its subject, or the administrator who asked for it, downloads the JSON
 * file or the HTML summary. Anyone else, an unknown id and an expired export get the same 404.
 */
import { data } from "react-router";
import { HttpError } from "~/lib/http/errors";
import { requireActor } from "~/lib/auth/guards.server";
import { getExportFile } from "~/modules/privacy/index.server";
import type { Route } from "./+types/export-download";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  try {
    const file = await getExportFile(actor, params.exportId, params.format);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        // The HTML summary is a document to keep, not a page of the site: no scripts, no requests.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (err) {
    if (err instanceof HttpError) throw data(null, { status: err.status === 403 ? 404 : err.status });
    throw err;
  }
}
