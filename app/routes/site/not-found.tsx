import { data } from "react-router";
import { NotFoundPage } from "~/components/error-page";
import { TownNotFound } from "~/components/site/town-not-found";
import { hasControlChars } from "~/lib/forms/validation";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { listActiveMunicipalities } from "~/modules/municipality/index.server";
import type { Route } from "./+types/not-found";

const TOWN_MAX = 60;

/**
 * /404 and every unknown path: the documented page with a real 404 status. When the landing search found no
 * municipality for what was typed (/404?town=Leuven), the page says so and lists the ones on the platform.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const typed = (new URL(request.url).searchParams.get("town") ?? "").trim().slice(0, TOWN_MAX);
  const town = typed && !hasControlChars(typed) ? typed : null;
  let towns: { name: string; slug: string }[] = [];
  if (town) {
    towns = await listActiveMunicipalities(context.locale)
      .then((list) => list.map(({ name, slug }) => ({ name, slug })))
      .catch((err) => {
        log("error", "town not found: municipalities failed", { err });
        return [];
      });
  }
  const title = town ? context.t("site:townNotFound.title", { town }) : context.t("notFound.metaTitle");
  return data({ town, towns, meta: { title, noindex: true } }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function NotFound({ loaderData }: Route.ComponentProps) {
  if (loaderData?.town) return <TownNotFound town={loaderData.town} towns={loaderData.towns} />;
  return <NotFoundPage />;
}
