/**
 * Links within the app. React Router's `<Link>` runs about ten hooks per link (path resolution
 * against the route matches, the click handler, prefetch state), on the server for every render and again in
 * the browser to hydrate: on a municipality home with sixty links that was about a tenth of a signed-in
 * render's CPU and a good part of hydration. Here a link is a plain `<a href>` and one click listener for the
 * whole document (`LinkNavigation`, mounted once in the root layout) hands plain left clicks on them to React
 * Router, as `<Link>` would: same history entry rules, scroll restoration and pending states.
 *
 * For addresses inside the app only: a path (`/promotions/genk`) or a query on the current page (`?page=2`),
 * which the browser resolves as React Router would on our leaf routes. `data-discover` lets React Router fetch
 * the routes these links lead to ahead of the click, as it does for its own links. Links that need React
 * Router's extras (state, replace, view transitions, active styling) use its `Link`/`NavLink`; links to other
 * sites are plain anchors.
 */
import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export function Link({ to, ...rest }: LinkProps) {
  return <a {...rest} href={to} data-discover="true" />;
}

/** A plain left click on one of our links (marked `data-discover`), in this window, that nothing else handled. */
function appLinkTarget(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target;
  const anchor = target instanceof Element ? target.closest("a[data-discover]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (anchor.origin !== window.location.origin) return null;
  return anchor;
}

export function LinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const anchor = appLinkTarget(event);
      if (!anchor) return;
      event.preventDefault();
      const to = anchor.pathname + anchor.search + anchor.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As React Router's Link: a link to the page you are on replaces its history entry.
      navigate(to, { replace: to === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
