import { redirect } from "react-router";
import { panelPath } from "~/lib/http/panels";
import { requireAdmin } from "~/lib/auth/guards.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect(panelPath("admin", "dashboard"));
}
