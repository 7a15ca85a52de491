import { useTranslation } from "~/lib/i18n/react";
import { Outlet, useNavigation } from "react-router";
import { HydrationBoundary } from "~/components/hydration-boundary";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { FavouritesMerge } from "~/components/favourites-merge";

export default function SiteLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // docs/product.md panel guard: "Loading authentication..." while the panel's session check runs.
  const enteringPanel =
    navigation.state === "loading" && /^\/(merchant|admin)(\/|$)/.test(navigation.location?.pathname ?? "");
  return (
    <div className="flex min-h-screen flex-col">
      <HydrationBoundary>
        <SiteHeader />
      </HydrationBoundary>
      {enteringPanel && (
        <p role="status" className="bg-brand-50 px-4 py-1 text-center text-sm text-brand-800">
          {t("panel.loadingAuth")}
        </p>
      )}
      <div className="flex-1">
        <HydrationBoundary>
          <Outlet />
        </HydrationBoundary>
      </div>
      <HydrationBoundary>
        <SiteFooter />
      </HydrationBoundary>
      <FavouritesMerge />
    </div>
  );
}
