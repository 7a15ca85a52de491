import { redirect } from "react-router";
import { panelPath } from "~/lib/http/panels";
import { requireRole } from "~/lib/auth/guards.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, ["merchant", "admin"]);
  return redirect(panelPath("merchant", "dashboard"));
}
