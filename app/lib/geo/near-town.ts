/**
 * The one rule for a pin and its municipality, shared by every form that takes a place (a report, a merchant's
 * profile): a pin further than MAX_KM_FROM_CENTRE from the town's centre is refused, never stored. It is almost
 * always a slip of the finger or a stale location, and nobody reading it later could tell which. Towns without a
 * centre accept any pin.
 */
import { ValidationError } from "~/lib/http/errors";
import { MAX_KM_FROM_CENTRE, distanceKm } from "./geo";

export function assertNearTown(
  town: { name: string; centerLat: number | null; centerLng: number | null },
  place: { latitude?: number | null; longitude?: number | null },
) {
  if (place.latitude == null || place.longitude == null || town.centerLat == null || town.centerLng == null) return;
  const km = distanceKm({ lat: town.centerLat, lng: town.centerLng }, { lat: place.latitude, lng: place.longitude });
  if (km > MAX_KM_FROM_CENTRE) {
    const params = { town: town.name, km: String(MAX_KM_FROM_CENTRE) };
    throw new ValidationError("validation.placeTooFar", { latitude: "validation.placeTooFar" }, params);
  }
}
