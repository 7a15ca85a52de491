import { LogOut } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { useFetcher } from "react-router";

/** SPEC shared header: a click sets an in-progress state and further clicks are ignored. */
export function LogoutButton({ className }: { className?: string }) {
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
        {busy ? t("nav.loggingOut") : t("nav.logout")}
      </button>
    </fetcher.Form>
  );
}
