/**
 * Icons (lucide's drawings) as references into one long-cached sprite, app/assets/icons.svg, generated from
 * lucide-react by `npm run icons`. Each icon renders `<svg class="icon"><use href="…#name"/></svg>`: a few dozen
 * bytes of HTML instead of its paths, and no icon code in the browser; lucide's size, fill and stroke
 * are the `.icon` rule in app.css. Decorative by default (aria-hidden) unless given an aria-label or title.
 */
import type { SVGProps } from "react";
import sprite from "~/assets/icons.svg?url&no-inline";

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref">;
export type LucideIcon = (props: IconProps) => React.JSX.Element;

function icon(name: string): LucideIcon {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module level, never in a render
  function Icon({ className, children, ...rest }: IconProps) {
    const labelled =
      rest["aria-label"] !== undefined || rest["aria-labelledby"] !== undefined || children !== undefined;
    return (
      // Size, fill and stroke come from the .icon class (app.css); the symbol carries the viewBox.
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller labels it
      <svg className={className ? `icon ${className}` : "icon"} aria-hidden={labelled ? undefined : "true"} {...rest}>
        {children}
        <use href={`${sprite}#${name}`} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const Activity = icon("activity");
export const AlertTriangle = icon("triangle-exclamation-point");
export const ArrowRight = icon("arrow-right");
export const BadgePercent = icon("badge-percent");
export const Bell = icon("bell");
export const BellOff = icon("bell-off");
export const BookOpen = icon("book-open");
export const Briefcase = icon("briefcase");
export const Building2 = icon("building-complex");
export const CalendarDays = icon("calendar-days");
export const CalendarPlus = icon("calendar-plus");
export const Camera = icon("camera");
export const Car = icon("car");
export const Check = icon("check");
export const CheckCircle2 = icon("circle-check");
export const ClipboardList = icon("clipboard-list");
export const ChevronDown = icon("chevron-down");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const Clock = icon("clock");
export const Construction = icon("construction");
export const CreditCard = icon("credit-card");
export const Droplets = icon("droplets");
export const Euro = icon("euro");
export const ExternalLink = icon("external-link");
export const FileWarning = icon("file-exclamation-point");
export const Flame = icon("flame");
export const Gamepad2 = icon("gamepad-2");
export const Globe = icon("globe");
export const Heart = icon("heart");
export const Info = icon("info");
export const Languages = icon("languages");
export const LayoutDashboard = icon("layout-dashboard");
export const Loader2 = icon("loader-circle");
export const LogIn = icon("log-in");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MailCheck = icon("mail-check");
// biome-ignore lint/suspicious/noShadowRestrictedNames: lucide's name, kept so call sites read the same
export const Map = icon("map");
export const MapPin = icon("map-pin");
export const MapPinned = icon("map-pinned");
export const Megaphone = icon("megaphone");
export const Menu = icon("menu");
export const MousePointerClick = icon("mouse-pointer-click");
export const Music = icon("eighth-notes");
export const Navigation = icon("navigation");
export const Palette = icon("palette");
export const Phone = icon("phone");
export const Plus = icon("plus");
export const Radio = icon("radio");
export const Rss = icon("rss");
export const ScrollText = icon("scroll-text");
export const Search = icon("search");
export const SearchX = icon("search-x");
export const Settings = icon("settings");
export const Share2 = icon("share-2");
export const ShieldAlert = icon("shield-exclamation-point");
export const ShieldCheck = icon("shield-check");
export const Siren = icon("siren");
export const Sparkles = icon("sparkles");
export const Star = icon("star");
export const Store = icon("store");
export const Tag = icon("tag");
export const Ticket = icon("ticket");
export const Trash2 = icon("trash");
export const TriangleAlert = icon("triangle-exclamation-point");
export const Trophy = icon("trophy");
export const UserPlus = icon("user-plus");
export const UserRound = icon("user-round");
export const Users = icon("users");
export const X = icon("x");
export const Zap = icon("zap");
