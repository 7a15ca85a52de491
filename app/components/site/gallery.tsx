/**
 * The photos of a promotion or an event on its public page: its own image first, then its gallery pictures in
 * the merchant's order, each with its alt text. One photo is shown large; the previous/next buttons, the
 * thumbnails, the arrow keys (Home and End too) and a swipe on a touch screen change it, and the change is
 * announced ("Photo 2 of 4"). Nothing is shown when there is no photo at all.
 */
import { useRef, useState } from "react";
import { ChevronLeft, ChevronRight } from "~/components/icons";
import { Picture } from "~/components/picture";
import { useTranslation } from "~/lib/i18n/react";

type Photo = { url: string; alt: string };

/** How far a finger must travel sideways (in CSS pixels) to count as a swipe. */
const SWIPE_PX = 40;

export function Gallery({
  title,
  image,
  pictures,
}: {
  title: string;
  /** The promotion's or event's own image, if any. */
  image: string | null;
  pictures: Photo[];
}) {
  const { t } = useTranslation("site");
  const photos: Photo[] = [...(image ? [{ url: image, alt: t("common.imageOf", { title }) }] : []), ...pictures];
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const touch = useRef<{ x: number; y: number } | null>(null);
  if (photos.length === 0) return null;
  const total = photos.length;
  const index = Math.min(current, total - 1);
  const shown = photos[index];

  const main = (
    <Picture
      src={shown.url}
      alt={shown.alt}
      width={1280}
      height={720}
      sizes="(min-width: 1024px) 50vw, 100vw"
      priority={index === 0}
      className="aspect-video w-full rounded-xl bg-slate-100 object-cover"
    />
  );
  if (total === 1) return <section aria-label={t("gallery.label", { title })}>{main}</section>;

  const go = (next: number, focusThumb = false) => {
    const target = (next + total) % total;
    setCurrent(target);
    if (focusThumb) thumbs.current[target]?.focus();
  };
  // Arrow keys on any of the gallery's buttons move through the photos (and keep the focus on the thumbnails).
  const onKeyDown = (e: React.KeyboardEvent<HTMLButtonElement>) => {
    const onThumb = e.currentTarget.dataset.thumb !== undefined;
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: total - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    go(moves[e.key], onThumb);
  };

  return (
    <section
      aria-roledescription={t("gallery.roledescription")}
      aria-label={t("gallery.label", { title })}
      data-testid="gallery"
    >
      <div
        className="relative touch-pan-y"
        onTouchStart={(e) => {
          const p = e.touches[0];
          touch.current = p ? { x: p.clientX, y: p.clientY } : null;
        }}
        onTouchEnd={(e) => {
          const start = touch.current;
          const p = e.changedTouches[0];
          touch.current = null;
          if (!start || !p) return;
          const dx = p.clientX - start.x;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(p.clientY - start.y))
            go(dx < 0 ? index + 1 : index - 1);
        }}
      >
        {main}
        <button
          type="button"
          onClick={() => go(index - 1)}
          onKeyDown={onKeyDown}
          aria-label={t("gallery.previous")}
          className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          onClick={() => go(index + 1)}
          onKeyDown={onKeyDown}
          aria-label={t("gallery.next")}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite" data-testid="gallery-position">
        {t("gallery.position", { n: index + 1, total })}
      </p>
      <p className="sr-only">{t("gallery.hint")}</p>
      <ul className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-6">
        {photos.map((photo, i) => (
          <li key={`${i}-${photo.url}`}>
            <button
              type="button"
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              data-thumb=""
              onClick={() => setCurrent(i)}
              onKeyDown={onKeyDown}
              aria-current={i === index ? "true" : undefined}
              aria-label={t("gallery.show", { n: i + 1, total })}
              tabIndex={i === index ? 0 : -1}
              className={`block w-full overflow-hidden rounded-lg ring-offset-2 ${
                i === index ? "ring-2 ring-brand-600" : "opacity-80 hover:opacity-100"
              }`}
            >
              <Picture
                src={photo.url}
                alt=""
                width={320}
                height={180}
                sizes="(min-width: 1024px) 8vw, 33vw"
                className="aspect-video w-full bg-slate-100 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
