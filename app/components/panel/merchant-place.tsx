/**
 * The business profile's place: the merchant's pin on a map opened on its municipality (place-picker.tsx: tap or
 * click, drag, keyboard, "Use my location", remove). Residents see the pin on the merchant's page and in the
 * directory, and "Get directions" leads to it; without a pin, directions search for the address. The server's
 * messages about the pin (not valid, too far from the municipality) are shown at the map.
 */
import { PlacePicker } from "~/components/map/place-picker";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";

export function MerchantPlaceField({
  pin,
  view,
  tiles,
  fieldErrors,
  params,
}: {
  /** The stored pin (null: none yet). */
  pin: { latitude: number | null; longitude: number | null };
  view: MapView;
  tiles: MapTiles;
  fieldErrors: Record<string, string | undefined>;
  /** The message's variables (the municipality and the distance of "too far"). */
  params?: Record<string, string>;
}) {
  const { t } = useTranslation("merchant");
  const error = fieldErrors.latitude ?? fieldErrors.longitude;
  const stored =
    pin.latitude != null && pin.longitude != null ? { lat: pin.latitude, lng: pin.longitude, accuracy: null } : null;
  return (
    <div>
      <PlacePicker
        legend={t("profile.fields.place")}
        view={view}
        tiles={tiles}
        defaultValue={stored}
        mapLabel={t("profile.placeMap")}
        error={error ? t(messageKey(error), { ns: ["merchant", "common"], ...params }) : null}
      />
      <p className="mt-1 text-xs text-slate-600">{t("profile.placeHint")}</p>
    </div>
  );
}
