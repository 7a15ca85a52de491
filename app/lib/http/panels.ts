/**
 * The two back-office panels, once: their sections (each a route `/<panel>/<section>` in app/routes.ts, a menu
 * item in the panel shell and a set of messages in lib/forms/crud.server.ts) and where each role lands. Which
 * role may open which section is decided again by the routes' guards and the modules' policies; the `roles` here
 * only keep the menu from offering a screen whose guard would send the user away.
 */
import type { Role } from "@db/schema/enums";

type Section = { readonly name: string; readonly roles?: readonly Role[] };

export const PANELS = {
  admin: {
    sections: [
      { name: "dashboard" },
      { name: "users" },
      { name: "merchants" },
      { name: "promotions" },
      { name: "events" },
      { name: "logs" },
      { name: "subscriptions" },
      { name: "features" },
      { name: "municipalities" },
      { name: "reports" },
      { name: "reviews" },
      { name: "settings" },
      { name: "open311" },
      { name: "system" },
    ],
  },
  merchant: {
    // The merchant dashboard also admits an administrator; the other screens are the merchant's own.
    sections: [
      { name: "dashboard" },
      { name: "promotions", roles: ["merchant"] },
      { name: "redeem", roles: ["merchant"] },
      { name: "events", roles: ["merchant"] },
      { name: "profile", roles: ["merchant"] },
    ],
  },
} as const satisfies Record<string, { sections: readonly Section[] }>;

export type Panel = keyof typeof PANELS;
export type PanelSection<P extends Panel> = (typeof PANELS)[P]["sections"][number]["name"];

export const panelPath = <P extends Panel>(panel: P, section: PanelSection<P>) => `/${panel}/${section}`;

/** Where a role's panel starts: the administrator's and the merchant's dashboards; residents have no panel. */
export function panelHomeFor(role: Role | null | undefined): string | null {
  if (role === "admin") return panelPath("admin", "dashboard");
  if (role === "merchant") return panelPath("merchant", "dashboard");
  return null;
}

/** A panel's sections a role's menu offers. */
export function sectionsFor<P extends Panel>(panel: P, role: Role | undefined): PanelSection<P>[] {
  const sections: readonly Section[] = PANELS[panel].sections;
  return sections
    .filter((s) => !s.roles || (role !== undefined && s.roles.includes(role)))
    .map((s) => s.name as PanelSection<P>);
}
