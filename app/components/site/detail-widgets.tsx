/** Gallery, share and favourite controls of the promotion and event detail pages. */
import { Check, Share2 } from "~/components/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Picture } from "~/components/picture";

const COPY_CONFIRM_MS = 2000;

/** The item's own image plus the fixed placeholders: three images, one large and three thumbnails. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation("site");
  const [current, setCurrent] = useState(0);
  return (
    <section aria-label={t("promotionDetail.gallery")}>
      <Picture
        src={images[current]}
        alt={t("common.imageOf", { title })}
        width={1280}
        height={720}
        sizes="(min-width: 1024px) 50vw, 100vw"
        priority
        className="aspect-video w-full rounded-xl bg-slate-100 object-cover"
      />
      <ul className="mt-3 grid grid-cols-3 gap-3">
        {images.map((src, i) => (
          <li key={src + String(i)}>
            <button
              type="button"
              onClick={() => setCurrent(i)}
              aria-pressed={i === current}
              aria-label={t("promotionDetail.showImage", { n: i + 1, total: images.length })}
              className={`block w-full overflow-hidden rounded-lg ring-offset-2 ${
                i === current ? "ring-2 ring-brand-600" : "opacity-80 hover:opacity-100"
              }`}
            >
              <Picture
                src={src}
                alt=""
                width={320}
                height={180}
                sizes="(min-width: 1024px) 17vw, 33vw"
                className="aspect-video w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
