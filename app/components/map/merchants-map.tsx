/**
 * A town's merchants on a map, above the directory's list: one marker per merchant that set its pin (the
 * merchants the list's search and category find, every page of them), each a button named for the business that
 * opens a popup with a link to its page. The list stays the way to reach every merchant, pinned or not; the note
 * above the map says so.
 */
import { useMemo } from "react";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";
import { CATEGORIES } from "@db/schema/enums";
import { oneOf } from "~/lib/i18n/keys";
import { type MapMarker, MarkersMap } from "./markers-map";

/** What the directory's loader sends per marker (merchant.queries.server.ts `MerchantMarker`). */
type MerchantMarker = {
  id: string;
  businessName: string;
  category: string | null;
  address: string | null;
  lat: number;
  lng: number;
};

export function MerchantsMap({
  markers,
  view,
  tiles,
  city,
}: {
  markers: MerchantMarker[];
  view: MapView;
  tiles: MapTiles;
  city: string;
}) {
  const { t } = useTranslation("site");
  const mapMarkers = useMemo<MapMarker[]>(
    () =>
      markers.map((m) => {
        const known = oneOf(CATEGORIES, m.category);
        const category = known ? t(`categories.${known}`) : m.category;
        const lines = [category, m.address].filter((line): line is string => !!line);
        return {
          id: m.id,
          lat: m.lat,
          lng: m.lng,
          kind: "pin",
          name: [m.businessName, ...lines].join(", "),
          popup: {
            title: m.businessName,
            lines,
            link: { href: `/merchants/${m.id}`, text: t("merchants.mapOpen") },
          },
        };
      }),
    [markers, t],
  );
  return (
    <section aria-labelledby="merchants-map-title" className="mt-6">
      <h2 id="merchants-map-title" className="text-lg font-semibold text-slate-900">
        {t("merchants.mapTitle")}
      </h2>
      <p id="merchants-map-note" className="mt-1 mb-3 text-sm text-slate-700">
        {t("merchants.mapNote", { count: markers.length })}
      </p>
      <MarkersMap
        markers={mapMarkers}
        view={view}
        tiles={tiles}
        label={t("merchants.mapLabel", { city })}
        describedBy="merchants-map-note"
        clusterName={(count) => t("merchants.mapCluster", { count })}
      />
    </section>
  );
}
