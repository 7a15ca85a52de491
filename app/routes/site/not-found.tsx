import { data } from "react-router";
import { NotFoundPage } from "~/components/error-page";
import { metaTags } from "~/lib/http/meta";
import type { Route } from "./+types/not-found";

/** /404 and every unknown path: the SPEC §8 page with a real 404 status. */
export function loader({ context }: Route.LoaderArgs) {
  return data({ meta: { title: context.t("notFound.metaTitle"), noindex: true } }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function NotFound() {
  return <NotFoundPage />;
}
