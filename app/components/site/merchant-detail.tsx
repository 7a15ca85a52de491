/**
 * The public merchant page's parts: the header (logo, name, category, premium, counts), the opening hours
 * table and the contact details (address with directions, phone, email, website, social links).
 */
import { CalendarDays, Clock, Globe, Mail, MapPin, Navigation, Phone, Star, Tag } from "~/components/icons";
import { Picture } from "~/components/picture";
import { useCategoryLabel } from "~/components/site/cards";
import { safeHttpUrl, telHref } from "~/components/site/state-view";
import { directionsUrl } from "~/lib/geo/geo";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import type { OpeningHours } from "~/modules/merchant";

type HeaderMerchant = {
  businessName: string;
  logoUrl: string | null;
  category: string | null;
  isPremium: boolean;
  promotionCount: number;
  eventCount: number;
};

type ContactMerchant = {
  businessEmail: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phoneNumber: string | null;
  websiteUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
};

/** Logo, name, category, town and premium badge, and how many promotions and events the merchant has. */
export function MerchantHeader({ merchant: m, city }: { merchant: HeaderMerchant; city: string }) {
  const { t } = useTranslation("site");
  const label = useCategoryLabel();
  return (
    <header className="card mt-4 flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      {m.logoUrl && (
        <Picture
          src={m.logoUrl}
          alt={t("common.logoOf", { name: m.businessName })}
          width={96}
          height={96}
          loading="eager"
          className="size-24 rounded-full bg-slate-100 object-cover"
        />
      )}
      <div className="flex-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{m.businessName}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {m.category && <span>{label(m.category)}</span>}
          {city && <span>· {t("merchantDetail.inMunicipality", { city })}</span>}
          {m.isPremium && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <Star aria-hidden="true" className="size-3" />
              {t("common.premium")}
            </span>
          )}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1">
            <Tag aria-hidden="true" className="size-4 text-brand-700" />
            {t("merchants.promotionCount", { count: m.promotionCount })}
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4 text-brand-700" />
            {t("merchants.eventCount", { count: m.eventCount })}
          </span>
        </p>
      </div>
    </header>
  );
}

/** The week's opening hours as a table named by its heading, or a line saying there are none. */
export function OpeningHoursCard({ openingHours }: { openingHours: OpeningHours }) {
  const { t } = useTranslation("site");
  // The heading names the table: one "Business hours" for a screen reader, not a caption besides.
  return (
    <section className="card p-5" aria-labelledby="hours-title">
      <h2 id="hours-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Clock aria-hidden="true" className="size-5 text-brand-700" />
        {t("merchantDetail.hours")}
      </h2>
      {openingHours.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("merchantDetail.noHours")}</p>
      ) : (
        <table className="mt-3 w-full text-sm" aria-labelledby="hours-title">
          <tbody className="divide-y divide-slate-100">
            {openingHours.map((h) => (
              <tr key={h.day}>
                <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
                  {t(messageKey(`site:days.${h.day}`), { defaultValue: h.day })}
                </th>
                <td className="py-2 text-right text-slate-700">
                  {h.hours.trim().toLowerCase() === "closed" ? t("days.closed") : h.hours}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Address (with a directions link), phone, email, website and social links; each only when given. */
export function MerchantContactCard({ merchant: m }: { merchant: ContactMerchant }) {
  const { t } = useTranslation("site");
  const website = safeHttpUrl(m.websiteUrl);
  const facebook = safeHttpUrl(m.facebookUrl);
  const instagram = safeHttpUrl(m.instagramUrl);
  const directions = directionsUrl(m);
  return (
    <section className="card p-5" aria-labelledby="contact-title">
      <h2 id="contact-title" className="text-lg font-bold text-slate-900">
        {t("merchantDetail.contact")}
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        {m.address && (
          <div>
            <dt className="flex items-center gap-2 font-medium text-slate-800">
              <MapPin aria-hidden="true" className="size-4 text-slate-500" />
              {t("merchantDetail.address")}
            </dt>
            <dd className="pl-6 text-slate-700">
              {m.address}{" "}
              <a
                href={directions ?? undefined}
                className="link inline-flex items-center gap-1"
                target="_blank"
                rel="noopener noreferrer"
              >
                <Navigation aria-hidden="true" className="size-3.5" />
                {t("promotionDetail.directions")}
              </a>
            </dd>
          </div>
        )}
        {m.phoneNumber && (
          <div>
            <dt className="flex items-center gap-2 font-medium text-slate-800">
              <Phone aria-hidden="true" className="size-4 text-slate-500" />
              {t("merchantDetail.phone")}
            </dt>
            <dd className="pl-6">
              <a className="link" href={telHref(m.phoneNumber)}>
                {m.phoneNumber}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt className="flex items-center gap-2 font-medium text-slate-800">
            <Mail aria-hidden="true" className="size-4 text-slate-500" />
            {t("merchantDetail.email")}
          </dt>
          <dd className="pl-6">
            <a className="link break-all" href={`mailto:${m.businessEmail}`}>
              {m.businessEmail}
            </a>
          </dd>
        </div>
        {website && (
          <div>
            <dt className="flex items-center gap-2 font-medium text-slate-800">
              <Globe aria-hidden="true" className="size-4 text-slate-500" />
              {t("merchantDetail.website")}
            </dt>
            <dd className="pl-6">
              <a className="link break-all" href={website} target="_blank" rel="noopener noreferrer">
                {website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            </dd>
          </div>
        )}
        {(facebook || instagram) && (
          <div>
            <dt className="font-medium text-slate-800">{t("merchantDetail.social")}</dt>
            <dd className="mt-1 flex flex-wrap gap-2">
              {facebook && (
                <a className="btn-secondary" href={facebook} target="_blank" rel="noopener noreferrer">
                  {t("merchantDetail.facebook")}
                </a>
              )}
              {instagram && (
                <a className="btn-secondary" href={instagram} target="_blank" rel="noopener noreferrer">
                  {t("merchantDetail.instagram")}
                </a>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
