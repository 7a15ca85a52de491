import { Outlet } from "react-router";
import { PanelShell } from "~/components/panel-shell";
import { requireRole } from "~/lib/auth/guards.server";
import type { Route } from "./+types/layout";

/** Guards the section; each child loader and action checks again (a layout does not guard actions). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, ["merchant", "admin"]);
  return null;
}

export default function MerchantLayout() {
  return (
    <PanelShell area="merchant">
      <Outlet />
    </PanelShell>
  );
}
