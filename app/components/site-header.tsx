import {
  Bell,
  ChevronDown,
  ClipboardList,
  Heart,
  LayoutDashboard,
  MapPin,
  Menu,
  Ticket,
  UserRound,
  X,
} from "~/components/icons";
import { panelHomeFor } from "~/lib/http/panels";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { NavLink, useLocation, useParams } from "react-router";
import { Link } from "~/components/link";
import { municipalitySlugOr } from "~/lib/http/routes-reserved";
import { useRootData } from "~/lib/use-root-data";
import { LanguageSelector } from "./language-selector";
import { LogoutButton } from "./logout-button";
import { Dropdown } from "./ui/dropdown";

/** The signed-in user's menu: profile, My reports and notification settings. */
function UserMenu() {
  const { t } = useTranslation();
  const item = "flex items-center gap-2 px-4 py-2 text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100";
  return (
    <Dropdown
      ariaLabel={t("nav.userMenu")}
      buttonClassName="btn-ghost px-2"
      label={<ChevronDown aria-hidden="true" className="size-4" />}
    >
      {(close) => (
        <>
          <Link role="menuitem" to="/profile" className={item} onClick={close}>
            <UserRound aria-hidden="true" className="size-4" />
            {t("nav.profile")}
          </Link>
          <Link role="menuitem" to="/my-reports" className={item} onClick={close}>
            <ClipboardList aria-hidden="true" className="size-4" />
            {t("nav.myReports")}
          </Link>
          <Link role="menuitem" to="/my-favourites" className={item} onClick={close}>
            <Heart aria-hidden="true" className="size-4" />
            {t("nav.myFavourites")}
          </Link>
          <Link role="menuitem" to="/my-vouchers" className={item} onClick={close}>
            <Ticket aria-hidden="true" className="size-4" />
            {t("nav.myVouchers")}
          </Link>
          <Link role="menuitem" to="/profile#notifications" className={item} onClick={close}>
            <Bell aria-hidden="true" className="size-4" />
            {t("nav.notifications")}
          </Link>
        </>
      )}
    </Dropdown>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { user, siteName } = useRootData();
  const params = useParams();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const slug = municipalitySlugOr(params.municipality ?? user?.municipalitySlug);

  // Close the mobile menu when the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes the mobile menu and puts focus back on its button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

  const links = (
    <>
      <NavLink to={`/${slug}`} className={navClass} end>
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {t("nav.municipality")}
        </span>
      </NavLink>
      <NavLink to={`/merchants?municipality=${encodeURIComponent(slug)}`} className={navClass}>
        {t("nav.merchants")}
      </NavLink>
      <NavLink to="/about-us" className={navClass}>
        {t("nav.about")}
      </NavLink>
      <NavLink to="/contact" className={navClass}>
        {t("nav.contact")}
      </NavLink>
    </>
  );

  const panelHome = panelHomeFor(user?.role);
  const account = user ? (
    <>
      {panelHome && (
        <Link to={panelHome} className="btn-ghost">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {t(user.role === "admin" ? "nav.adminPanel" : "nav.merchantPanel")}
        </Link>
      )}
      <span className="flex items-center">
        <Link to="/profile" className="btn-ghost pr-1">
          <UserRound aria-hidden="true" className="size-4" />
          {t("nav.greeting", { name: user.name })}
        </Link>
        <UserMenu />
      </span>
      <LogoutButton />
    </>
  ) : (
    <>
      <Link to="/login" className="btn-ghost">
        {t("nav.login")}
      </Link>
      <Link to="/register" className="btn-primary">
        {t("nav.join")}
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("nav.skip")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold text-brand-800"
          aria-label={t("nav.home", { siteName })}
        >
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span className="text-lg">{siteName}</span>
        </Link>
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          {links}
        </nav>
        <div className="flex items-center gap-1">
          <LanguageSelector />
          <div className="hidden items-center gap-1 lg:flex">{account}</div>
          <button
            ref={menuButton}
            type="button"
            className="btn-ghost lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden">
          <nav aria-label={t("nav.main")} className="flex flex-col gap-1 pt-2">
            {links}
          </nav>
          <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">{account}</div>
        </div>
      )}
    </header>
  );
}
