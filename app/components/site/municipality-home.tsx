/** The municipality home's parts: the four counters and the town's premium (featured) merchants. */
import { CalendarDays, Star, Store, Tag, Users } from "~/components/icons";
import { Link } from "~/components/link";
import { Picture } from "~/components/picture";
import { SectionHeading } from "~/components/site/cards";
import { formatNumber } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

type Counts = { members: number; merchants: number; promotions: number; events: number };

type Featured = { id: string; businessName: string; logoUrl: string | null };

/** Members, merchants, promotions and events of the town; each but the members links to its list. */
export function MunicipalityCounters({ counts, slug, city }: { counts: Counts; slug: string; city: string }) {
  const { t, i18n } = useTranslation("site");
  const counters = [
    { key: "members", icon: Users, value: counts.members, to: null },
    { key: "merchants", icon: Store, value: counts.merchants, to: `/merchants?municipality=${slug}` },
    { key: "promotions", icon: Tag, value: counts.promotions, to: `/promotions/${slug}` },
    { key: "events", icon: CalendarDays, value: counts.events, to: `/events/${slug}` },
  ] as const;
  return (
    <section aria-label={t("municipalityHome.counters.label", { city })}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counters.map(({ key, icon: Icon, value, to }) => {
          const body = (
            <>
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex flex-col">
                <span className="text-2xl font-bold text-slate-900">{formatNumber(value, i18n.language)}</span>
                <span className="text-sm text-slate-700">{t(`municipalityHome.counters.${key}`)}</span>
              </span>
            </>
          );
          return (
            <li key={key}>
              {to ? (
                <Link to={to} className="card flex h-full items-center gap-3 p-4 transition hover:shadow-md">
                  {body}
                </Link>
              ) : (
                <div className="card flex h-full items-center gap-3 p-4">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The town's premium merchants, each a link to its page; nothing when there are none. */
export function FeaturedMerchants({ featured }: { featured: Featured[] }) {
  const { t } = useTranslation("site");
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="mt-12">
      <SectionHeading id="featured-title" title={t("municipalityHome.featuredMerchants")} />
      <ul className="flex flex-wrap gap-3">
        {featured.map((m) => (
          <li key={m.id}>
            <Link
              to={`/merchants/${m.id}`}
              className="card flex items-center gap-3 py-2 pl-2 pr-4 transition hover:shadow-md"
            >
              {m.logoUrl ? (
                <Picture
                  src={m.logoUrl}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 rounded-full bg-slate-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="block size-10 rounded-full bg-slate-100 object-cover" />
              )}
              <span className="font-medium text-slate-900">{m.businessName}</span>
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
              <span className="sr-only">{t("common.premium")}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home's heading, with the town's own logo beside it when the administrators uploaded one. */
export function MunicipalityTitle({ title, logoUrl }: { title: string; logoUrl: string | null }) {
  return (
    <div className="flex items-center gap-4">
      {logoUrl && (
        // The heading names the town: the logo beside it adds no text of its own.
        <Picture
          src={logoUrl}
          alt=""
          width={64}
          height={64}
          priority
          className="size-14 shrink-0 rounded-lg bg-white object-contain sm:size-16"
          data-testid="municipality-logo"
        />
      )}
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
    </div>
  );
}
