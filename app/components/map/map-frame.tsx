/**
 * The frame every map sits in: the container Leaflet fills (a labelled region; Leaflet makes it focusable and
 * pans it with the arrow keys), the tile provider's credit line, and what to say when the map or its tiles do
 * not load or JavaScript is off. The map is always an addition: the page around it works without it.
 */
import type { ReactNode, RefObject } from "react";
import { attributionParts } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";

/** The credit line the tile provider asks for, as text and links (never HTML from the settings). */
function MapAttribution({ text }: { text: string }) {
  return (
    <p className="absolute right-0 bottom-0 z-[1000] max-w-full rounded-tl bg-white/90 px-1.5 py-0.5 text-[11px] leading-4 text-slate-800">
      {attributionParts(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} className="underline" target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function MapFrame({
  containerRef,
  label,
  attribution,
  status,
  tilesFailed,
  height = "h-72 sm:h-96",
  describedBy,
  children,
}: {
  containerRef: RefObject<HTMLElement | null>;
  /** The map's accessible name ("Map of the reports in Hasselt"). */
  label: string;
  attribution: string;
  status: "loading" | "ready" | "failed";
  tilesFailed: boolean;
  height?: string;
  describedBy?: string;
  /** Shown over the map (a crosshair). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className={`relative overflow-hidden rounded-lg border border-slate-300 bg-slate-100 ${height}`}>
        <section
          ref={containerRef}
          aria-label={label}
          aria-describedby={describedBy}
          className="absolute inset-0 z-0"
          data-testid="map"
        />
        {status === "failed" && (
          <p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-slate-700">
            {t("map.failed")}
          </p>
        )}
        <noscript>
          <p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-slate-700">
            {t("map.noScript")}
          </p>
        </noscript>
        {children}
        {status !== "failed" && <MapAttribution text={attribution} />}
      </div>
      <p role="status" className="mt-1 text-sm text-amber-800 empty:hidden">
        {tilesFailed ? t("map.tilesFailed") : null}
      </p>
    </div>
  );
}
