/**
 * docs/product.md panel shell: a left sidebar with the menu of the user's role, collapsible on small screens, a
 * header link to the role's dashboard and a logout button with a busy state.
 */
import {
  Activity,
  BadgePercent,
  Building2,
  CalendarDays,
  CreditCard,
  FileWarning,
  Globe,
  LayoutDashboard,
  Map as MapIcon,
  Menu,
  ScrollText,
  Settings,
  Sparkles,
  Star,
  Store,
  Users,
  X,
  Ticket,
} from "~/components/icons";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { NavLink, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { useRootData } from "~/lib/use-root-data";
import { LanguageSelector } from "./language-selector";
import { LogoutButton } from "./logout-button";
import { Announcer } from "./ui/announcer";
import type { Role } from "@db/schema/enums";
import { type Panel, type PanelSection, panelHomeFor, panelPath, sectionsFor } from "~/lib/http/panels";

/** Each section's icon; its label is `panel.menu.<section>` and its order and roles come from lib/http/panels.ts. */
const ICONS: Record<PanelSection<"admin"> | PanelSection<"merchant">, typeof Users> = {
  dashboard: LayoutDashboard,
  users: Users,
  merchants: Store,
  promotions: BadgePercent,
  events: CalendarDays,
  logs: ScrollText,
  subscriptions: CreditCard,
  features: Sparkles,
  municipalities: MapIcon,
  reports: FileWarning,
  reviews: Star,
  settings: Settings,
  open311: Globe,
  system: Activity,
  profile: Building2,
  redeem: Ticket,
};

type Item = { to: string; key: keyof typeof ICONS; icon: typeof Users };

/**
 * The menu of an area for the signed-in user's role (items filtered by role), so no item leads to a screen whose
 * guard sends the user away (an administrator on the merchant dashboard).
 */
export function menuFor(area: Panel, role: Role | undefined): Item[] {
  return sectionsFor(area, role).map((key) => ({ to: `/${area}/${key}`, key, icon: ICONS[key] }));
}

export function PanelShell({ area, children }: { area: Panel; children: ReactNode }) {
  const { t } = useTranslation();
  const { user, siteName } = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const menu = menuFor(area, user?.role);
  // The top bar names the screen being shown (the users' privacy page belongs to "users").
  const current = menu.find(({ to }) => location.pathname === to || location.pathname.startsWith(`${to}/`))?.key;
  const home = panelHomeFor(user?.role) ?? panelPath(area, "dashboard");
  const loadingPanel =
    navigation.state === "loading" && navigation.location.pathname.startsWith(`/${area}`) && !navigation.formMethod;

  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation only
  useEffect(() => setOpen(false), [location.pathname]);

  // The drawer on small screens: focus moves into it, Escape closes it, focus returns to the menu button.
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const nav = (
    <nav aria-label={t(`panel.${area}Menu`)} className="flex flex-col gap-1 p-3">
      {menu.map(({ to, key, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-200 hover:bg-slate-800"}`
          }
        >
          <Icon aria-hidden="true" className="size-4" />
          {t(`panel.menu.${key}`)}
        </NavLink>
      ))}
    </nav>
  );

  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("nav.skip")}
      </a>
      <aside className="hidden w-64 shrink-0 bg-slate-900 lg:block">
        <div className="flex h-16 items-center px-5">
          <Link to={home} className="font-bold text-white">
            {siteName} · {t(`panel.${area}`)}
          </Link>
        </div>
        {nav}
      </aside>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            aria-label={t("nav.closeMenu")}
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setOpen(false)}
          />
          <aside id="panel-menu" className="absolute inset-y-0 left-0 w-64 overflow-y-auto bg-slate-900">
            <div className="flex h-16 items-center justify-between px-5">
              <Link to={home} className="font-bold text-white">
                {siteName}
              </Link>
              <button
                ref={closeButton}
                type="button"
                className="rounded p-1 text-white"
                aria-label={t("nav.closeMenu")}
                onClick={() => {
                  setOpen(false);
                  menuButton.current?.focus();
                }}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            {nav}
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
          <div className="flex min-w-0 items-center gap-2">
            <button
              ref={menuButton}
              type="button"
              className="btn-ghost lg:hidden"
              aria-expanded={open}
              aria-controls="panel-menu"
              aria-label={t("nav.openMenu")}
              onClick={() => setOpen(true)}
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
            {current && (
              <span className="truncate font-semibold text-slate-900" data-testid="panel-current">
                {t(`panel.menu.${current}`)}
              </span>
            )}
            <Link to="/" className="hidden shrink-0 text-sm text-slate-600 hover:underline md:inline">
              {t("panel.backToSite")}
            </Link>
          </div>
          <div className="flex shrink-0 items-center gap-1 whitespace-nowrap">
            <LanguageSelector />
            <span className="hidden text-sm text-slate-700 md:inline">{user?.name}</span>
            <LogoutButton compact />
          </div>
        </header>
        {loadingPanel && (
          <p role="status" className="flex items-center gap-2 bg-brand-50 px-4 py-1 text-sm text-brand-800">
            <Activity aria-hidden="true" className="size-4 animate-pulse" />
            {t("panel.loadingAuth")}
          </p>
        )}
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
        <Announcer />
      </div>
    </div>
  );
}
