/**
 * docs/product.md live-updates scroller: moves 1 px every 60 ms, pauses on hover, while something inside has keyboard
 * focus and with its Pause button (touch users cannot hover), and stands still for users who prefer reduced
 * motion (they scroll it themselves).
 */
import { CalendarDays, Radio, Store, Tag, UserPlus } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { formatRelative, sameRelative } from "~/lib/i18n/format";
import { OriginalLanguageLabel, useLocalized } from "~/components/localized-text";
import type { Translations } from "~/lib/i18n/localized";

const SLOT = "\u0001";

const SCROLL_STEP_PX = 1;
const SCROLL_INTERVAL_MS = 60;
/** How often the relative times are brought up to date with the browser's clock. */
const CLOCK_INTERVAL_MS = 30_000;

export type LiveItem = {
  id: string;
  type: "user" | "merchant" | "promotion" | "event";
  label: string;
  merchantName: string | null;
  merchantId: string | null;
  time: string;
  originalLocale?: string;
  translations?: Translations;
};

const ICONS = { user: UserPlus, merchant: Store, promotion: Tag, event: CalendarDays } as const;

function useReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (!mq) return;
    setReduced(mq.matches);
    const on = () => setReduced(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return reduced;
}

export function LiveUpdates({ items, slug, serverNow }: { items: LiveItem[]; slug: string; serverNow: string }) {
  const { t, i18n } = useTranslation("site");
  const localized = useLocalized();
  /** The item's sentence; a promotion's or event's title in the reader's language, or its original with `lang`. */
  const liveText = (item: LiveItem) => {
    // A guest gets a new resident without the name.
    if (item.type === "user" && !item.label) return t("live.resident");
    if (item.type === "user" || item.type === "merchant") return t(`live.${item.type}`, { name: item.label });
    const title = localized({ title: item.label, ...item }, "title");
    const [before, after = ""] = t(`live.${item.type}`, { title: SLOT }).split(SLOT);
    return (
      <>
        {before}
        <span lang={title.lang}>{title.text}</span>
        {after}
        {title.isOriginalFallback && <OriginalLanguageLabel lang={title.lang} />}
      </>
    );
  };
  const ref = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = useReducedMotion();
  // A visible control for touch and screen-reader users, who cannot hover (WCAG 2.2.2 Pause, Stop, Hide).
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || reduced || stopped;
  // The first render uses the server's clock so server and client agree; then the browser's clock, at once
  // and every CLOCK_INTERVAL_MS, but only when a label would read differently (a render that changes nothing
  // would still cost the browser its Intl locale data while the page is starting).
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    const tick = () => {
      const next = new Date();
      setNow((shown) => (items.every((item) => sameRelative(item.time, shown, next)) ? shown : next));
    };
    tick();
    const id = window.setInterval(tick, CLOCK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [items]);

  useEffect(() => {
    if (paused || !items.length) return;
    const id = window.setInterval(() => {
      const el = ref.current;
      if (!el || el.scrollHeight <= el.clientHeight) return;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) el.scrollTop = 0;
      else el.scrollTop += SCROLL_STEP_PX;
    }, SCROLL_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [paused, items.length]);

  const href = (item: LiveItem) => {
    if (item.type === "promotion") return `/promotions/${slug}/${item.id}`;
    if (item.type === "event") return `/events/${slug}/${item.id}`;
    if (item.type === "merchant" && item.merchantId) return `/merchants/${item.merchantId}`;
    return null;
  };

  return (
    <section aria-labelledby="live-title" className="card flex flex-col p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="live-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Radio aria-hidden="true" className="size-5 text-red-600" />
          {t("live.title")}
        </h2>
        {items.length > 0 && !reduced && (
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            aria-pressed={stopped}
            onClick={() => setStopped((v) => !v)}
          >
            {stopped ? t("live.resume") : t("live.pause")}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("live.empty")}</p>
      ) : (
        <section
          ref={ref}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={t("live.regionLabel")}
          data-paused={paused ? "true" : "false"}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
          className="mt-3 h-72 overflow-y-auto rounded-lg"
        >
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const Icon = ICONS[item.type];
              const text = liveText(item);
              const to = href(item);
              return (
                <li key={`${item.type}-${item.id}`} className="flex gap-3 py-3">
                  <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0 text-sm">
                    {to ? (
                      <Link to={to} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                        {text}
                      </Link>
                    ) : (
                      <p className="font-medium text-slate-900">{text}</p>
                    )}
                    {item.merchantName && item.type !== "merchant" && (
                      <p className="text-slate-600">{t("live.by", { name: item.merchantName })}</p>
                    )}
                    <p className="text-xs text-slate-600">
                      <time dateTime={item.time}>{formatRelative(item.time, i18n.language, now)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
