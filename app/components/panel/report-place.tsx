/**
 * The exact place of a report for its moderator: the coordinates, the accuracy when the pin came from the
 * reporter's location, the reporter's words, a small map and a link to open the place on OpenStreetMap. Says
 * when the public will see it rounded (reports about people).
 */
import { ExternalLink, MapPin } from "~/components/icons";
import { PinMap } from "~/components/map/pin-map";
import { publicReportPlace } from "~/lib/geo/geo";
import type { MapTiles } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";

type Place = {
  type: string;
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  placeText: string | null;
};

/** The place on OpenStreetMap's own site, with a marker, close up. */
function osmUrl(lat: number, lng: number): string {
  const la = lat.toFixed(6);
  const lo = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=18/${la}/${lo}`;
}

export function ReportPlace({ report, tiles }: { report: Place; tiles: MapTiles }) {
  const { t } = useTranslation("admin");
  const { latitude: lat, longitude: lng } = report;
  const pinned = lat != null && lng != null;
  const rounded = pinned && publicReportPlace(report.type, lat, lng)?.rounded;
  return (
    <section aria-labelledby="report-place-heading" className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id="report-place-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MapPin aria-hidden="true" className="size-4" />
        {t("moderation.placeTitle")}
      </h2>
      {!pinned && !report.placeText && <p className="text-sm text-slate-600">{t("moderation.noPlace")}</p>}
      {report.placeText && (
        <p className="text-slate-900">
          <span className="font-medium">{t("moderation.placeWords")}</span> {report.placeText}
        </p>
      )}
      {pinned && (
        <>
          <p className="text-sm text-slate-800" data-testid="exact-place">
            {t("moderation.pinAt", { lat: lat.toFixed(6), lng: lng.toFixed(6) })}
            {report.locationAccuracy != null &&
              ` ${t("moderation.accuracy", { metres: String(Math.round(report.locationAccuracy)) })}`}
          </p>
          <p className="text-sm text-slate-600">
            {rounded ? t("moderation.publicRounded") : t("moderation.publicExact")}
          </p>
          <PinMap
            lat={lat}
            lng={lng}
            accuracy={report.locationAccuracy}
            tiles={tiles}
            label={t("moderation.placeMap")}
          />
          <a
            href={osmUrl(lat, lng)}
            className="link inline-flex items-center gap-1 text-sm"
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("moderation.openOsm")}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{t("moderation.newWindow")}</span>
          </a>
        </>
      )}
    </section>
  );
}
