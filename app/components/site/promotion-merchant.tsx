/**
 * The promotion page's merchant parts: the call and directions buttons, and the card naming the merchant
 * with its logo, location, phone, email and website. Calls, directions and website visits are counted.
 */
import { Globe, Mail, MapPin, Navigation, Phone, Store } from "~/components/icons";
import { Link } from "~/components/link";
import { Picture } from "~/components/picture";
import { safeHttpUrl, telHref } from "~/components/site/state-view";
import { directionsUrl } from "~/lib/geo/geo";
import { useTranslation } from "~/lib/i18n/react";
import type { MetricKind } from "~/modules/metrics";

type PromotionMerchant = {
  id: string;
  businessName: string;
  businessEmail: string;
  logoUrl: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phoneNumber: string | null;
  websiteUrl: string | null;
};

type Track = (kind: Exclude<MetricKind, "view">) => void;

/**
 * "Call" and "Directions", each a disabled button when the merchant gave no phone number, or neither a pin nor an
 * address. Directions lead to the merchant's pin when it set one, else to a search for its address.
 */
export function PromotionContactButtons({ merchant: m, track }: { merchant: PromotionMerchant; track: Track }) {
  const { t } = useTranslation("site");
  const directions = directionsUrl(m);
  return (
    <div className="grid grid-cols-2 gap-2">
      {m.phoneNumber ? (
        <a href={telHref(m.phoneNumber)} className="btn-secondary" onClick={() => track("call")}>
          <Phone aria-hidden="true" className="size-4" />
          {t("promotionDetail.call")}
        </a>
      ) : (
        <button type="button" className="btn-secondary" disabled>
          <Phone aria-hidden="true" className="size-4" />
          {t("promotionDetail.call")}
        </button>
      )}
      {directions ? (
        <a
          href={directions}
          className="btn-secondary"
          onClick={() => track("directions")}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Navigation aria-hidden="true" className="size-4" />
          {t("promotionDetail.directions")}
        </a>
      ) : (
        <button type="button" className="btn-secondary" disabled>
          <Navigation aria-hidden="true" className="size-4" />
          {t("promotionDetail.directions")}
        </button>
      )}
    </div>
  );
}

/** The merchant's card: logo, name, a link to its page, and its location, phone, email and website. */
export function PromotionMerchantCard({ merchant: m, track }: { merchant: PromotionMerchant; track: Track }) {
  const { t } = useTranslation("site");
  const website = safeHttpUrl(m.websiteUrl);
  return (
    <section className="card p-5" aria-labelledby="merchant-title">
      <h2 id="merchant-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t("promotionDetail.merchant")}
      </h2>
      <div className="mt-3 flex items-center gap-3">
        {m.logoUrl && (
          <Picture
            src={m.logoUrl}
            alt={t("common.logoOf", { name: m.businessName })}
            width={56}
            height={56}
            className="size-14 rounded-full bg-slate-100 object-cover"
          />
        )}
        <div>
          <p className="font-semibold text-slate-900">{m.businessName}</p>
          <Link to={`/merchants/${m.id}`} className="link text-sm">
            <Store aria-hidden="true" className="mr-1 inline size-4" />
            {t("promotionDetail.viewMerchant")}
          </Link>
        </div>
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="flex items-center gap-2 font-medium text-slate-800">
            <MapPin aria-hidden="true" className="size-4 text-slate-500" />
            {t("promotionDetail.location")}
          </dt>
          <dd className="pl-6 text-slate-700">{m.address ?? t("promotionDetail.noAddress")}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 font-medium text-slate-800">
            <Phone aria-hidden="true" className="size-4 text-slate-500" />
            {t("promotionDetail.contact")}
          </dt>
          <dd className="pl-6 text-slate-700">
            {m.phoneNumber ? (
              <a
                className="link flex min-h-6 w-fit items-center"
                href={telHref(m.phoneNumber)}
                onClick={() => track("call")}
              >
                {m.phoneNumber}
              </a>
            ) : (
              <span className="block">{t("promotionDetail.noPhone")}</span>
            )}
            <a className="link mt-1 flex min-h-6 w-fit items-center gap-1" href={`mailto:${m.businessEmail}`}>
              <Mail aria-hidden="true" className="size-3.5" />
              {m.businessEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 font-medium text-slate-800">
            <Globe aria-hidden="true" className="size-4 text-slate-500" />
            {t("promotionDetail.website")}
          </dt>
          <dd className="pl-6 break-all text-slate-700">
            {website ? (
              <a
                className="link"
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => track("website")}
              >
                {website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            ) : (
              t("promotionDetail.noWebsite")
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
