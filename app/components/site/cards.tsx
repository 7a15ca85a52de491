/** Cards, labels and list helpers shared by the public screens. Cards are links, never click handlers. */
import { useDiscountText } from "~/components/discount-text";
import { CATEGORIES } from "@db/schema/enums";
import { oneOf } from "~/lib/i18n/keys";
import {
  BookOpen,
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  Clock,
  Gamepad2,
  MapPin,
  Music,
  Palette,
  SearchX,
  Star,
  Trophy,
  Users,
} from "~/components/icons";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { daysLeft, formatDateLong, formatNumber } from "~/lib/i18n/format";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import type { Translations } from "~/lib/i18n/localized";
import { Highlight } from "~/components/highlight";
import { Picture } from "~/components/picture";

/** The public event categories with an icon. */
const EVENT_ICONS = {
  Music,
  Arts: Palette,
  Sports: Trophy,
  Gaming: Gamepad2,
  Community: Users,
  Education: BookOpen,
} as const;

export function CategoryIcon({ category, className = "size-4" }: { category: string; className?: string }) {
  const Icon = EVENT_ICONS[category as keyof typeof EVENT_ICONS];
  if (!Icon) return null;
  return <Icon aria-hidden="true" className={className} />;
}

export function useCategoryLabel() {
  const { t } = useTranslation("site");
  return (category: string | null | undefined) => {
    const known = oneOf(CATEGORIES, category);
    return known ? t(`categories.${known}`) : (category ?? "");
  };
}

/** "Ends in N days" (rounded up) or "Expired". */
export function ExpiryLabel({ validUntil, className = "" }: { validUntil: string; className?: string }) {
  const { t } = useTranslation("site");
  const days = daysLeft(validUntil);
  const expired = days < 0;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        expired
          ? "bg-slate-200 text-slate-700"
          : days <= 3
            ? "bg-amber-100 text-amber-900"
            : "bg-brand-50 text-brand-800"
      } ${className}`}
    >
      <Clock aria-hidden="true" className="size-3" />
      {expired ? t("promotions.expired") : t("promotions.endsIn", { count: days })}
    </span>
  );
}

function Badge({ children, tone = "brand" }: { children: ReactNode; tone?: "brand" | "amber" | "slate" }) {
  const tones = {
    brand: "bg-brand-600 text-white",
    amber: "bg-amber-100 text-amber-900",
    slate: "bg-slate-100 text-slate-800",
  };
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** Price, original price and discount: whichever the promotion has. */
export function PriceLine({
  price,
  originalPrice,
  size = "sm",
  ...discountFields
}: {
  price: string | null;
  originalPrice: string | null;
  discount: string | null;
  discountPercent?: number | null;
  discountAmountCents?: number | null;
  size?: "sm" | "lg";
}) {
  const { t } = useTranslation("site");
  const discount = useDiscountText()(discountFields);
  const big = size === "lg";
  return (
    <p className="flex flex-wrap items-baseline gap-2">
      {price && (
        <span className={`font-bold text-slate-900 ${big ? "text-3xl" : "text-lg"}`}>
          <span className="sr-only">{t("promotionDetail.price")}: </span>
          {price}
        </span>
      )}
      {originalPrice && (
        <span className={`text-slate-600 line-through ${big ? "text-lg" : "text-sm"}`}>
          <span className="sr-only">{t("promotionDetail.originalPrice")}: </span>
          {originalPrice}
        </span>
      )}
      {discount && (
        <span className={`rounded-md bg-red-50 px-2 py-0.5 font-bold text-red-800 ${big ? "text-lg" : "text-sm"}`}>
          <span className="sr-only">{t("promotionDetail.discount")}: </span>
          {discount}
        </span>
      )}
    </p>
  );
}

type PromotionCardData = {
  id: string;
  title: string;
  imageUrl: string | null;
  category: string | null;
  price: string | null;
  originalPrice: string | null;
  discount: string | null;
  discountPercent?: number | null;
  discountAmountCents?: number | null;
  validUntil: string;
  isPremium: boolean;
  merchantName: string;
  originalLocale?: string;
  translations?: Translations;
};

/** A promotion's card; with the list's search `q`, its matching words are marked and a line of the description shown. */
export function PromotionCard({
  promotion,
  slug,
  q,
}: {
  promotion: PromotionCardData & { description?: string | null };
  slug: string;
  q?: string;
}) {
  const { t } = useTranslation("site");
  const text = useLocalized();
  const title = text(promotion, "title");
  const label = useCategoryLabel();
  return (
    <Link
      to={`/promotions/${slug}/${promotion.id}`}
      className={`group card flex h-full flex-col overflow-hidden transition hover:shadow-md ${
        promotion.isPremium ? "ring-2 ring-amber-400" : ""
      }`}
    >
      <div className="relative">
        {promotion.imageUrl ? (
          <Picture
            src={promotion.imageUrl}
            alt=""
            width={640}
            height={360}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="aspect-video w-full bg-slate-100 object-cover"
          />
        ) : (
          <span aria-hidden="true" className="block aspect-video w-full bg-slate-100 object-cover" />
        )}
        <div className="absolute left-2 top-2 flex gap-1">
          {promotion.isPremium && (
            <Badge tone="amber">
              <Star aria-hidden="true" className="size-3" />
              {t("common.exclusive")}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          {promotion.category && <span>{label(promotion.category)}</span>}
          <ExpiryLabel validUntil={promotion.validUntil} />
        </div>
        <LocalizedText
          as="h3"
          labelInside
          value={title}
          className="font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline"
        >
          <Highlight text={title.text ?? promotion.title} q={q} />
        </LocalizedText>
        {q && promotion.description && (
          <p className="line-clamp-2 text-sm text-slate-700">
            <Highlight text={promotion.description} q={q} />
          </p>
        )}
        <p className="text-sm text-slate-600">
          {q
            ? // The translated "by {{name}}" around the marked name, whatever the language's word order.
              t("common.byMerchant", { name: "\u0000" })
                .split("\u0000")
                .map((part, i) => (
                  <span key={i}>
                    {i > 0 && <Highlight text={promotion.merchantName} q={q} />}
                    {part}
                  </span>
                ))
            : t("common.byMerchant", { name: promotion.merchantName })}
        </p>
        <div className="mt-auto pt-1">
          <PriceLine
            price={promotion.price}
            originalPrice={promotion.originalPrice}
            discount={promotion.discount}
            discountPercent={promotion.discountPercent}
            discountAmountCents={promotion.discountAmountCents}
          />
        </div>
      </div>
    </Link>
  );
}

type EventCardData = {
  id: string;
  title: string;
  imageUrl: string | null;
  venue: string;
  time: string | null;
  price: string | null;
  isFeatured: boolean;
  startDate: string;
  /** Residents registered (the organiser's expected number is shown on the event page only). */
  attending: number;
  category: string;
  originalLocale?: string;
  translations?: Translations;
};

export function EventCard({ event, slug }: { event: EventCardData; slug: string }) {
  const { t, i18n } = useTranslation("site");
  const text = useLocalized();
  const label = useCategoryLabel();
  return (
    <Link
      to={`/events/${slug}/${event.id}`}
      className="group card flex h-full flex-col overflow-hidden transition hover:shadow-md"
    >
      <div className="relative">
        {event.imageUrl ? (
          <Picture
            src={event.imageUrl}
            alt=""
            width={640}
            height={360}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="aspect-video w-full bg-slate-100 object-cover"
          />
        ) : (
          <span aria-hidden="true" className="block aspect-video w-full bg-slate-100 object-cover" />
        )}
        {event.isFeatured && (
          <div className="absolute left-2 top-2">
            <Badge tone="amber">
              <Star aria-hidden="true" className="size-3" />
              {t("common.featured")}
            </Badge>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="inline-flex items-center gap-1 text-xs font-medium text-brand-800">
          <CategoryIcon category={event.category} className="size-3.5" />
          {label(event.category)}
        </p>
        <LocalizedText
          as="h3"
          labelInside
          value={text(event, "title")}
          className="font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline"
        />
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span>
            {formatDateLong(event.startDate, i18n.language)}
            {event.time ? ` · ${event.time}` : ""}
          </span>
        </p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="line-clamp-1">{event.venue}</span>
        </p>
        <div className="mt-auto flex items-center justify-between pt-1 text-sm">
          <span className="font-semibold text-slate-900">{displayPrice(event.price, t("common.free"))}</span>
          <span className="text-slate-600">
            {t("events.attending", { count: event.attending, formatted: formatNumber(event.attending, i18n.language) })}
          </span>
        </div>
      </div>
    </Link>
  );
}

/** Event price: free text; blank or "Free" shows the translated Free. */
export function displayPrice(price: string | null, free: string): string {
  const text = price?.trim() ?? "";
  if (!text || text.toLowerCase() === "free" || text === "0") return free;
  return text;
}

export function SectionHeading({ title, action, id }: { title: string; action?: ReactNode; id?: string }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {action}
    </div>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-4 py-10 text-center">
      <SearchX aria-hidden="true" className="size-8 text-slate-400" />
      <p className="text-slate-700">{message}</p>
      {children}
    </div>
  );
}

export function LoadError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </div>
  );
}

/** Server pagination as plain links that keep the other query parameters. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("site");
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pages || Math.abs(p - page) <= 1,
  );
  return (
    <nav aria-label={t("common.pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary" rel="prev">
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("common.previous")}
        </Link>
      ) : null}
      <ul className="flex items-center gap-1">
        {numbers.map((p, i) => (
          <li key={p} className="flex items-center gap-1">
            {i > 0 && numbers[i - 1] !== p - 1 && (
              <span aria-hidden="true" className="px-1 text-slate-500">
                …
              </span>
            )}
            <Link
              to={href(p)}
              aria-current={p === page ? "page" : undefined}
              aria-label={t("common.goToPage", { page: p })}
              className={`inline-flex size-9 items-center justify-center rounded-lg text-sm font-semibold ${
                p === page
                  ? "bg-brand-600 text-white"
                  : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
              }`}
            >
              {p}
            </Link>
          </li>
        ))}
      </ul>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn-secondary" rel="next">
          {t("common.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {t("common.pageOf", { page, pages })}
      </p>
    </nav>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="link inline-flex items-center gap-1 text-sm">
      <ChevronLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** True while a navigation to the same list (new filters or page) is loading. */
export function useListLoading(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}

/** The "N found" line, which says Loading... while new results are on their way. */
export function FoundLine({ text, busy }: { text: string; busy: boolean }) {
  const { t } = useTranslation("site");
  return (
    <p className="mb-4 text-sm text-slate-700" aria-live="polite">
      {busy ? t("common.loading") : text}
    </p>
  );
}
