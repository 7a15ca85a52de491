/**
 * The report form's optional place: the pin (place-picker.tsx) and the reporter's own words for the place. The
 * words work without JavaScript; the pin needs it. The server's messages about the place (not a valid pin, too
 * far from the town) are shown at the map.
 */
import { TextField } from "~/components/form";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { PLACE_TEXT_MAX } from "~/lib/geo/place.schema";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { PlacePicker } from "./place-picker";

export function ReportPlaceFields({
  view,
  tiles,
  fieldErrors,
  params,
}: {
  view: MapView;
  tiles: MapTiles;
  fieldErrors: Record<string, string | undefined>;
  /** The message's variables (the town and the distance of "too far"). */
  params?: Record<string, string>;
}) {
  const { t } = useTranslation("site");
  const pinError = fieldErrors.latitude ?? fieldErrors.longitude;
  return (
    <div className="space-y-4">
      <PlacePicker
        legend={t("reportNew.place")}
        view={view}
        tiles={tiles}
        mapLabel={t("reportNew.placeMap")}
        error={pinError ? t(messageKey(pinError), { ns: ["site", "common"], ...params }) : null}
        fallbackHint={t("reportNew.placeFallback")}
      />
      <p className="-mt-2 text-xs text-slate-600">{t("reportNew.placeHint")}</p>
      <TextField
        label={t("reportNew.placeText")}
        name="place_text"
        maxLength={PLACE_TEXT_MAX}
        autoComplete="off"
        hint={t("reportNew.placeTextHint")}
        error={fieldErrors.place_text}
      />
    </div>
  );
}
