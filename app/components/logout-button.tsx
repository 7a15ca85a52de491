import { LogOut } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { useFetcher } from "react-router";

/** docs/product.md shared header: a click sets an in-progress state and further clicks are ignored. */
export function LogoutButton({ className, compact }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/logout">
      <button
        type="submit"
        className={className ?? "btn-ghost"}
        aria-disabled={busy || undefined}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {/* Compact (a panel's top bar on a phone): the icon, with the words for screen readers. */}
        <span className={compact ? "sr-only sm:not-sr-only" : undefined}>
          {busy ? t("nav.loggingOut") : t("nav.logout")}
        </span>
      </button>
    </fetcher.Form>
  );
}
