/**
 * Where a merchant is, on its public page: a small map with its pin (Leaflet loads in the browser only; the page
 * works when the map or its tiles do not), the address written out beside it, and "Get directions" to the pin.
 * Shown only when the merchant set its pin in its business profile.
 */
import { MapPin, Navigation } from "~/components/icons";
import { PinMap } from "~/components/map/pin-map";
import { directionsUrl } from "~/lib/geo/geo";
import type { MapTiles } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";

type PlacedMerchant = { businessName: string; address: string | null; latitude: number; longitude: number };

export function MerchantPlaceCard({ merchant: m, tiles }: { merchant: PlacedMerchant; tiles: MapTiles }) {
  const { t } = useTranslation("site");
  const place = m.address?.trim() || m.businessName;
  return (
    <section className="card mt-6 p-5" aria-labelledby="place-title">
      <h2 id="place-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <MapPin aria-hidden="true" className="size-5 text-brand-700" />
        {t("merchantDetail.placeTitle")}
      </h2>
      <div className="mt-3">
        <PinMap
          lat={m.latitude}
          lng={m.longitude}
          tiles={tiles}
          label={t("merchantDetail.placeMap", { name: m.businessName })}
          height="h-56 sm:h-72"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-700">{m.address ?? t("merchantDetail.placeNoAddress")}</p>
        <a
          href={directionsUrl(m) ?? undefined}
          className="btn-secondary"
          target="_blank"
          rel="noopener noreferrer"
          data-testid="place-directions"
        >
          <Navigation aria-hidden="true" className="size-4" />
          {t("promotionDetail.directions")}
          <span className="sr-only">: {t("eventContact.directionsTo", { place })}</span>
        </a>
      </div>
    </section>
  );
}
