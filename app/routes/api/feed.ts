import { cacheableResponse } from "~/lib/http/http-cache.server";
import { findActiveMunicipality } from "~/modules/municipality/index.server";
import { eventsCalendar, promotionsFeed, reportsFeed } from "~/modules/opendata/index.server";
import type { Route } from "./+types/feed";

/**
 * /feeds/{municipality}/promotions.atom, /reports.atom and /events.ics. One module serves the three
 * routes of app/routes.ts; which one is in the route's id. Public data, so CORS is open and answers are cached
 * for five minutes with an ETag.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const town = await findActiveMunicipality(params.municipality ?? "");
  const kind = new URL(request.url).pathname.split("/").pop();
  if (!town) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  switch (kind) {
    case "promotions.atom":
      return cacheableResponse(
        request,
        await promotionsFeed(town, context.locale),
        "application/atom+xml; charset=utf-8",
        {
          maxAge: 300,
          cors: true,
        },
      );
    case "reports.atom":
      return cacheableResponse(
        request,
        await reportsFeed(town, context.locale),
        "application/atom+xml; charset=utf-8",
        {
          maxAge: 300,
          cors: true,
        },
      );
    case "events.ics":
      return cacheableResponse(request, await eventsCalendar(town, context.locale), "text/calendar; charset=utf-8", {
        maxAge: 300,
        cors: true,
        headers: { "Content-Disposition": `inline; filename="${town.slug}-events.ics"` },
      });
    default:
      return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
}
