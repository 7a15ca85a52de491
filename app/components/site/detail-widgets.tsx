/** Share and favourite controls of the promotion and event detail pages (the gallery: site/gallery.tsx). */
import { Check, Share2 } from "~/components/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";

const COPY_CONFIRM_MS = 2000;

/** The heart: saved in the browser for a guest, to the account when signed in (favourite-button.tsx). */
export { FavouriteButton } from "./favourite-button";

/** Native share where the browser has it; otherwise copy the address and confirm for 2 seconds. */
export function ShareButton({ title, onShare }: { title: string; onShare?: () => void }) {
  const { t } = useTranslation("site");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const id = window.setTimeout(() => setState("idle"), COPY_CONFIRM_MS);
    return () => window.clearTimeout(id);
  }, [state]);
  const share = async () => {
    onShare?.();
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as Error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="inline-flex flex-col">
      <button type="button" className="btn-secondary" onClick={share}>
        {state === "copied" ? (
          <Check aria-hidden="true" className="size-4 text-brand-700" />
        ) : (
          <Share2 aria-hidden="true" className="size-4" />
        )}
        {t("share.button")}
      </button>
      <span aria-live="polite" className="mt-1 min-h-4 text-xs text-slate-700">
        {state === "copied" ? t("share.copied") : state === "failed" ? t("share.failed") : ""}
      </span>
    </span>
  );
}
