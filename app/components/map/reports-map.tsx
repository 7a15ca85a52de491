/**
 * The town's reports on a map, above the list on the reports page: one marker per approved report with a place
 * (the place the server made public: rounded for reports about people, drawn as a ring and said to be
 * approximate), each opening a popup with a link to the report in the list below. The list stays the way to
 * reach every report, with or without a place; the note above the map says so.
 */
import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { REPORT_TYPES } from "@db/schema/enums";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { formatRelative } from "~/lib/i18n/format";
import { oneOf } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { isUrgentType } from "~/modules/report";
import { type MapMarker, MarkersMap } from "./markers-map";

/** What the reports page's loader sends per marker (report.server.ts `ReportMarker`). */
type ReportMarker = {
  id: string;
  type: string;
  createdAt: string;
  placeText: string | null;
  lat: number;
  lng: number;
  rounded: boolean;
};

/** A marker's link (`#report-<id>`) lands on the report in the list: the report gets the focus. */
export function useFocusReportInList() {
  const location = useLocation();
  useEffect(() => {
    // Every navigation (the same link twice included): `location` is a new object each time.
    const match = /^#(report-[0-9a-f-]{36})$/.exec(location.hash);
    const target = match ? document.getElementById(match[1]) : null;
    target?.focus();
  }, [location]);
}

export function ReportsMap({
  markers,
  view,
  tiles,
  city,
  slug,
  serverNow,
}: {
  markers: ReportMarker[];
  view: MapView;
  tiles: MapTiles;
  city: string;
  slug: string;
  serverNow: string;
}) {
  const { t, i18n } = useTranslation("site");
  const lng = i18n.language;
  const mapMarkers = useMemo<MapMarker[]>(
    () =>
      markers.map((m) => {
        const type = oneOf(REPORT_TYPES, m.type);
        const title = type ? t(`reportTypes.${type}`) : m.type;
        const when = formatRelative(m.createdAt, lng, new Date(serverNow));
        const where = [m.placeText, m.rounded ? t("reports.approximate") : null].filter(Boolean).join(" · ");
        return {
          id: m.id,
          lat: m.lat,
          lng: m.lng,
          kind: m.rounded ? "approx" : isUrgentType(m.type) ? "urgent" : "info",
          name: [title, when, where].filter(Boolean).join(", "),
          popup: {
            title,
            lines: [when, where].filter(Boolean),
            link: { href: `/reports/${slug}?report=${m.id}#report-${m.id}`, text: t("reports.mapOpenInList") },
          },
        };
      }),
    [markers, t, lng, serverNow, slug],
  );
  return (
    <section aria-labelledby="reports-map-title" className="mt-6">
      <h2 id="reports-map-title" className="text-lg font-semibold text-slate-900">
        {t("reports.mapTitle")}
      </h2>
      <p id="reports-map-note" className="mt-1 mb-3 text-sm text-slate-700">
        {t("reports.mapNote", { count: markers.length })}
      </p>
      <MarkersMap
        markers={mapMarkers}
        view={view}
        tiles={tiles}
        label={t("reports.mapLabel", { city })}
        describedBy="reports-map-note"
        clusterName={(count) => t("reports.mapCluster", { count })}
      />
    </section>
  );
}
