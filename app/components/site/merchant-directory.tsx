/**
 * The merchant directory's list: one card per merchant with its logo, name (the search's words marked), category,
 * town, premium badge, address and how many promotions and events it has, each a link to its page.
 */
import { CalendarDays, MapPin, Star, Tag } from "~/components/icons";
import { Highlight } from "~/components/highlight";
import { Link } from "~/components/link";
import { Picture } from "~/components/picture";
import { useCategoryLabel } from "~/components/site/cards";
import { useTranslation } from "~/lib/i18n/react";

type DirectoryCard = {
  id: string;
  businessName: string;
  logoUrl: string | null;
  address: string | null;
  category: string | null;
  isPremium: boolean;
  municipalityName: string | null;
  promotionCount: number;
  eventCount: number;
};

export function MerchantCards({ items, q, busy }: { items: DirectoryCard[]; q: string; busy: boolean }) {
  const { t } = useTranslation("site");
  const label = useCategoryLabel();
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
      {items.map((m) => (
        <li key={m.id}>
          <Link
            to={`/merchants/${m.id}`}
            className="group card flex h-full flex-col gap-3 p-4 transition hover:shadow-md"
          >
            <div className="flex items-center gap-3">
              {m.logoUrl ? (
                <Picture
                  src={m.logoUrl}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 shrink-0 rounded-full bg-slate-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="block size-14 shrink-0 rounded-full bg-slate-100 object-cover" />
              )}
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline">
                  <Highlight text={m.businessName} q={q} />
                </h2>
                <p className="text-sm text-slate-700">
                  {[label(m.category), m.municipalityName].filter(Boolean).join(" · ")}
                </p>
              </div>
              {m.isPremium && (
                <span className="ml-auto inline-flex items-center gap-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  <Star aria-hidden="true" className="size-3" />
                  {t("common.premium")}
                </span>
              )}
            </div>
            {m.address && (
              <p className="flex items-start gap-1.5 text-sm text-slate-700">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <span>
                  <Highlight text={m.address} q={q} />
                </span>
              </p>
            )}
            <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <span className="inline-flex items-center gap-1">
                <Tag aria-hidden="true" className="size-4 text-brand-700" />
                {t("merchants.promotionCount", { count: m.promotionCount })}
              </span>
              <span className="inline-flex items-center gap-1">
                <CalendarDays aria-hidden="true" className="size-4 text-brand-700" />
                {t("merchants.eventCount", { count: m.eventCount })}
              </span>
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
