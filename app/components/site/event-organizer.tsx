/**
 * The organiser's card on an event page: its logo, name and rating, and its own contact details (address,
 * phone, email and website from its merchant profile, each shown only when the merchant gave it). Calls and
 * website visits are counted as on a promotion page.
 */
import { Globe, Mail, MapPin, Phone } from "~/components/icons";
import { Picture } from "~/components/picture";
import { RatingLine } from "~/components/site/reviews";
import { safeHttpUrl, telHref } from "~/components/site/state-view";
import { useTranslation } from "~/lib/i18n/react";
import type { RatingSummary } from "~/modules/review";

type Organizer = {
  businessName: string;
  logoUrl: string | null;
  businessEmail: string;
  address: string | null;
  phoneNumber: string | null;
  websiteUrl: string | null;
};

function Row({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}

function OrganizerContacts({ merchant: m, track }: { merchant: Organizer; track: (kind: "call" | "website") => void }) {
  const { t } = useTranslation("site");
  const website = safeHttpUrl(m.websiteUrl);
  return (
    <dl className="mt-4 space-y-2 text-sm">
      {m.address && (
        <Row icon={MapPin} label={t("eventContact.address")}>
          {m.address}
        </Row>
      )}
      {m.phoneNumber && (
        <Row icon={Phone} label={t("eventDetail.phone")}>
          <a className="link" href={telHref(m.phoneNumber)} onClick={() => track("call")}>
            {m.phoneNumber}
          </a>
        </Row>
      )}
      <Row icon={Mail} label={t("eventDetail.email")}>
        <a className="link break-all" href={`mailto:${m.businessEmail}`}>
          {m.businessEmail}
        </a>
      </Row>
      {website && (
        <Row icon={Globe} label={t("eventDetail.website")}>
          <a
            className="link break-all"
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => track("website")}
          >
            {website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
          </a>
        </Row>
      )}
    </dl>
  );
}

/** The organiser's logo, name, rating and contact details. */
export function OrganizerCard({
  merchant: m,
  rating,
  track,
}: {
  merchant: Organizer;
  rating: RatingSummary;
  track: (kind: "call" | "website") => void;
}) {
  const { t } = useTranslation("site");
  return (
    <section className="card p-5" aria-labelledby="organizer-title">
      <h2 id="organizer-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t("eventDetail.organizer")}
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
          <RatingLine summary={rating} />
        </div>
      </div>
      <OrganizerContacts merchant={m} track={track} />
    </section>
  );
}
