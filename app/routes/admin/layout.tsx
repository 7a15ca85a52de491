import { Outlet } from "react-router";
import { PanelShell } from "~/components/panel-shell";
import { requireAdmin } from "~/lib/auth/guards.server";
import type { Route } from "./+types/layout";

/** Guards the section; each child loader and action checks again (a layout does not guard actions). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminLayout() {
  return (
    <PanelShell area="admin">
      <Outlet />
    </PanelShell>
  );
}
