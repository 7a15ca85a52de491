/**
 * Demo data: eleven municipalities (one inactive; five with real names in towns-with-real-names.ts),
 * residents, merchants in all 12 categories, promotions,
 * events, reports in every type and status, subscriptions, features and an audit trail. Everything is
 * fixed data (no randomness); dates are computed relative to today so the demo always looks current.
 * Runs in one transaction on an empty database: if any of it is already there, nothing is written.
 */
import { hashPassword } from "better-auth/crypto";
import { discountColumns } from "~/modules/promotion";
import { eq } from "drizzle-orm";
import {
  events,
  features,
  merchants,
  municipalities,
  platformEventLogs,
  promotions,
  reports,
  subscriptions,
} from "@db/schema";
import type { EventCategory, PromotionCategory, ReportStatus, ReportType, Translations } from "@db/schema";
import type { Db, DbOrTx } from "~/lib/db/db.server";
import { insertAccount } from "~/modules/user/index.server";
import { seedTownsWithRealNames } from "./towns-with-real-names";
import { DEMO_MONTHLY_PRICE_CENTS } from "./gallery";
import { seedDemoImages } from "./images";
import { seedDemoTranslations } from "./translations";
import { seedEventExtras } from "./events";
import { seedReviewsAndFavourites } from "./reviews";
import { seedDemoVouchers } from "./vouchers";

export const DEMO_ACCOUNTS = [
  { role: "user", email: "user@demo.buurtplatform.be", password: "Demo-User-2026!" },
  { role: "merchant", email: "merchant@demo.buurtplatform.be", password: "Demo-Merchant-2026!" },
  { role: "admin", email: "admin@demo.buurtplatform.be", password: "Demo-Admin-2026!" },
] as const;

/** Every other demo account shares this password (one hash, scrypt is slow). */
const SHARED_PASSWORD = "Demo-Neighbour-2026!";

/** The published password of a demo account (README and this file), or undefined for any other address. */
export function demoPasswordFor(email: string): string | undefined {
  if (!email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)) return undefined;
  return DEMO_ACCOUNTS.find((a) => a.email === email)?.password ?? SHARED_PASSWORD;
}
export const DEMO_EMAIL_DOMAIN = "demo.buurtplatform.be";

const DEMO_IMAGES = new Set([
  "food-drink",
  "shopping",
  "health-beauty",
  "automotive",
  "home-garden",
  "gaming",
  "arts",
  "music",
  "community",
  "education",
  "restaurants",
  "retail",
  "sports",
  "business",
  "workshop",
  "festival",
]);

/** A category without a picture of its own gets the community one. */
const DEMO_FALLBACK_IMAGE = "/images/demo/community.svg";

/** The demo picture of a promotion, merchant or event category ("Food & Drink" → food-drink.svg). */
export function demoImageFor(category: string): string {
  const slug = category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return DEMO_IMAGES.has(slug) ? `/images/demo/${slug}.svg` : DEMO_FALLBACK_IMAGE;
}

// ---------------------------------------------------------------------------------------------------
// Dates

const DAY = 86_400_000;

/** A timestamp `days` days from now (negative: in the past) at a fixed UTC time of day. */
function at(days: number, hour = 10, minute = 0): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, minute, 0, 0);
  // Never in the future for "created" timestamps asked for today.
  return days <= 0 && d.getTime() > Date.now() ? new Date(Date.now() - 60_000) : d;
}

/** A 'YYYY-MM-DD' date `days` days from today. */
function isoDate(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------
// Municipalities

type Slug = "amsterdam" | "brussel" | "genk" | "hasselt" | "zonhoven" | "lommel";

/** Each town's maps open on its real centre (the main square or town hall) at a zoom that shows the town. */
const MUNICIPALITIES: {
  slug: Slug;
  name: string;
  isActive: boolean;
  daysAgo: number;
  center: [lat: number, lng: number, zoom: number];
}[] = [
  { slug: "amsterdam", name: "Amsterdam", isActive: true, daysAgo: 91, center: [52.3731, 4.8926, 13] },
  { slug: "brussel", name: "Brussel", isActive: true, daysAgo: 91, center: [50.8467, 4.3525, 13] },
  { slug: "hasselt", name: "Hasselt", isActive: true, daysAgo: 91, center: [50.9307, 5.3325, 14] },
  { slug: "zonhoven", name: "Zonhoven", isActive: true, daysAgo: 90, center: [50.9916, 5.3669, 14] },
  { slug: "genk", name: "Genk", isActive: true, daysAgo: 60, center: [50.965, 5.5008, 13] },
  { slug: "lommel", name: "Lommel", isActive: false, daysAgo: 20, center: [51.2306, 5.3133, 13] },
];

// ---------------------------------------------------------------------------------------------------
// People

type PersonSeed = { key: string; name: string; email: string; town: Slug; daysAgo: number };

const ADMIN: PersonSeed = {
  key: "admin",
  name: "Anouk de Vries",
  email: DEMO_ACCOUNTS[2].email,
  town: "amsterdam",
  daysAgo: 92,
};

const RESIDENTS: PersonSeed[] = [
  { key: "user", name: "Emma Peeters", email: DEMO_ACCOUNTS[0].email, town: "hasselt", daysAgo: 75 },
  {
    key: "jan",
    name: "Jan Vandenberghe",
    email: "jan.vandenberghe@demo.buurtplatform.be",
    town: "hasselt",
    daysAgo: 70,
  },
  { key: "lies", name: "Lies Jacobs", email: "lies.jacobs@demo.buurtplatform.be", town: "hasselt", daysAgo: 41 },
  { key: "daan", name: "Daan Bakker", email: "daan.bakker@demo.buurtplatform.be", town: "amsterdam", daysAgo: 66 },
  { key: "sanne", name: "Sanne Visser", email: "sanne.visser@demo.buurtplatform.be", town: "amsterdam", daysAgo: 38 },
  {
    key: "camille",
    name: "Camille Lambert",
    email: "camille.lambert@demo.buurtplatform.be",
    town: "brussel",
    daysAgo: 58,
  },
  {
    key: "youssef",
    name: "Youssef El Amrani",
    email: "youssef.elamrani@demo.buurtplatform.be",
    town: "brussel",
    daysAgo: 47,
  },
  { key: "koen", name: "Koen Mertens", email: "koen.mertens@demo.buurtplatform.be", town: "zonhoven", daysAgo: 62 },
  { key: "an", name: "An Hendrickx", email: "an.hendrickx@demo.buurtplatform.be", town: "zonhoven", daysAgo: 33 },
  { key: "giulia", name: "Giulia Russo", email: "giulia.russo@demo.buurtplatform.be", town: "genk", daysAgo: 52 },
  { key: "nina", name: "Nina Schepers", email: "nina.schepers@demo.buurtplatform.be", town: "genk", daysAgo: 2 },
  { key: "wim", name: "Wim Goossens", email: "wim.goossens@demo.buurtplatform.be", town: "lommel", daysAgo: 4 },
];

// ---------------------------------------------------------------------------------------------------
// Merchants, with their promotions and events

type Hours = { day: string; hours: string }[];

const HOURS = {
  shop: [
    { day: "Monday - Friday", hours: "09:30 - 18:00" },
    { day: "Saturday", hours: "10:00 - 17:00" },
    { day: "Sunday", hours: "Closed" },
  ],
  bakery: [
    { day: "Tuesday - Saturday", hours: "06:30 - 18:00" },
    { day: "Sunday", hours: "07:00 - 13:00" },
  ],
  restaurant: [
    { day: "Tuesday - Saturday", hours: "11:30 - 22:00" },
    { day: "Sunday - Monday", hours: "Closed" },
  ],
  pharmacy: [
    { day: "Monday - Friday", hours: "08:30 - 18:30" },
    { day: "Saturday", hours: "09:00 - 12:30" },
  ],
  store: [
    { day: "Monday - Saturday", hours: "09:00 - 18:00" },
    { day: "Sunday", hours: "10:00 - 17:00" },
  ],
  salon: [
    { day: "Tuesday - Saturday", hours: "09:00 - 18:00" },
    { day: "Sunday - Monday", hours: "Closed" },
  ],
} satisfies Record<string, Hours>;

type PromotionSeed = {
  title: string;
  description: string;
  /** Price mode: price (and optionally original price). Percentage mode: discount. */
  price?: string;
  originalPrice?: string;
  discount?: string;
  validInDays: number;
  premium?: boolean;
  terms: string[];
};

type EventSeed = {
  title: string;
  description: string;
  category: EventCategory;
  venue: string;
  time: string;
  price: string;
  inDays: number;
  attendees: number;
  featured?: boolean;
};

type MerchantSeed = {
  key: string;
  businessName: string;
  email: string;
  businessEmail: string;
  vatNumber: string;
  town: Slug;
  address: string;
  /** Where the business is on the map (its pin, at the address, inside its town). */
  place: [lat: number, lng: number];
  phone: string;
  domain: string;
  handle: string;
  hours: Hours;
  category: PromotionCategory;
  premium: boolean;
  daysAgo: number;
  promotions: PromotionSeed[];
  events: EventSeed[];
};

const MERCHANTS: MerchantSeed[] = [
  // Hasselt ------------------------------------------------------------------------------------------
  {
    key: "vermeulen",
    businessName: "Bakkerij Vermeulen",
    email: DEMO_ACCOUNTS[1].email,
    businessEmail: "info@bakkerij-vermeulen.example",
    vatNumber: "BE 0456.781.234",
    town: "hasselt",
    address: "Grote Markt 12, 3500 Hasselt",
    place: [50.930245, 5.33768],
    phone: "+32 11 22 33 44",
    domain: "bakkerij-vermeulen.example",
    handle: "bakkerijvermeulen",
    hours: HOURS.bakery,
    category: "Food & Drink",
    premium: true,
    daysAgo: 84,
    promotions: [
      {
        title: "Sunday breakfast box for two",
        description:
          "Two croissants, four pistolets, a small sourdough loaf, fresh orange juice and our homemade strawberry jam. Everything you need for a lazy Sunday morning.",
        price: "€24,50",
        originalPrice: "€29,00",
        validInDays: 21,
        premium: true,
        terms: ["Order before Saturday 16:00.", "Pick-up on Sunday between 07:00 and 11:00.", "While stocks last."],
      },
      {
        title: "20% off all sourdough loaves",
        description:
          "Our sourdough rises for 36 hours and is baked in the stone oven every morning. For the next two weeks every loaf is 20% cheaper.",
        discount: "20% Off",
        validInDays: 10,
        terms: ["Valid in the shop only.", "Cannot be combined with other offers."],
      },
      {
        title: "Limburg vlaai of the month",
        description:
          "A whole apricot vlaai with crumble topping, baked the way grandmother Vermeulen did. Enough for eight generous slices.",
        price: "€14,00",
        originalPrice: "€17,50",
        validInDays: -6,
        terms: ["Order one day in advance.", "One vlaai per customer.", "While stocks last."],
      },
    ],
    events: [
      {
        title: "Bread baking workshop",
        description:
          "Knead, shape and bake your own loaf with our head baker. You take home your bread and a jar of starter dough.",
        category: "Workshop",
        venue: "Bakkerij Vermeulen, Grote Markt 12",
        time: "14:00",
        price: "€35",
        inDays: 12,
        attendees: 12,
        featured: true,
      },
      {
        title: "Breakfast on the Grote Markt",
        description:
          "Long tables, fresh bread and coffee for the whole neighbourhood. All proceeds go to the local food bank.",
        category: "Community",
        venue: "Grote Markt, Hasselt",
        time: "08:30",
        price: "Free",
        inDays: -9,
        attendees: 140,
      },
    ],
  },
  {
    key: "leesrecht",
    businessName: "Boekhandel 't Leesrecht",
    email: "leesrecht@demo.buurtplatform.be",
    businessEmail: "info@leesrecht.example",
    vatNumber: "BE 0534.219.876",
    town: "hasselt",
    address: "Demerstraat 38, 3500 Hasselt",
    place: [50.93114, 5.33631],
    phone: "+32 11 24 56 78",
    domain: "leesrecht.example",
    handle: "boekhandelleesrecht",
    hours: HOURS.shop,
    category: "Education",
    premium: false,
    daysAgo: 71,
    promotions: [
      {
        title: "15% off study books for students",
        description:
          "Back to school? Show your student card and get 15% off all study books and dictionaries. We order any title you need within two working days.",
        discount: "15% Off",
        validInDays: 40,
        terms: [
          "Valid on presentation of a valid student card.",
          "Not valid on e-readers or gift cards.",
          "One discount per purchase.",
        ],
      },
      {
        title: "Reading club starter pack",
        description:
          "Three novels hand-picked by our staff, a notebook and a voucher for a coffee at our reading table. The perfect start for your own book club.",
        price: "€19,95",
        originalPrice: "€27,50",
        validInDays: 30,
        terms: ["While stocks last.", "The titles may differ from the ones shown in the shop window."],
      },
      {
        title: "25% off children's books",
        description: "Picture books, first readers and comics for every age. Let them pick their own favourite.",
        discount: "25% Off",
        validInDays: -3,
        terms: ["Valid on the children's section only.", "Cannot be combined with other offers."],
      },
    ],
    events: [
      {
        title: "Author evening with a Limburg crime writer",
        description:
          "A conversation about writing, research and the dark side of the Kempen, followed by a book signing. A glass of wine is included.",
        category: "Education",
        venue: "Boekhandel 't Leesrecht, Demerstraat 38",
        time: "19:30",
        price: "€8",
        inDays: 18,
        attendees: 45,
        featured: true,
      },
      {
        title: "Comic and board game afternoon",
        description: "Try out new board games and browse our comic corner. Young and old are welcome.",
        category: "Gaming",
        venue: "Boekhandel 't Leesrecht",
        time: "14:00",
        price: "Free",
        inDays: 5,
        attendees: 30,
      },
    ],
  },
  {
    key: "peeters",
    businessName: "Apotheek Peeters",
    email: "apotheek.peeters@demo.buurtplatform.be",
    businessEmail: "info@apotheek-peeters.example",
    vatNumber: "BE 0423.567.981",
    town: "hasselt",
    address: "Koningin Astridlaan 71, 3500 Hasselt",
    place: [50.92687, 5.32912],
    phone: "+32 11 27 31 90",
    domain: "apotheek-peeters.example",
    handle: "apotheekpeeters",
    hours: HOURS.pharmacy,
    category: "Health & Beauty",
    premium: false,
    daysAgo: 63,
    promotions: [
      {
        title: "25% off sun care",
        description:
          "Get ready for summer with 25% off all sunscreens and after-sun products. Our pharmacists gladly advise you on protection for children and sensitive skin.",
        discount: "25% Off",
        validInDays: 45,
        terms: ["Not valid on prescription medicines.", "While stocks last."],
      },
      {
        title: "Hay fever check and starter kit",
        description:
          "A short consultation with one of our pharmacists plus a nasal spray and eye drops suited to your symptoms.",
        price: "€15,00",
        originalPrice: "€22,00",
        validInDays: 20,
        terms: ["By appointment.", "Not a replacement for advice from your doctor."],
      },
      {
        title: "Vitamin D winter pack",
        description: "Three months of vitamin D drops for the whole family. Especially useful in the darker months.",
        price: "€9,95",
        originalPrice: "€12,95",
        validInDays: -12,
        terms: ["One pack per family.", "Read the leaflet before use."],
      },
    ],
    events: [
      {
        title: "Health walk along the Albert Canal",
        description:
          "An easy 5 km walk at a comfortable pace, with a short talk on staying active. Suitable for all ages.",
        category: "Sports",
        venue: "Kanaalkom, Hasselt",
        time: "10:00",
        price: "Free",
        inDays: 9,
        attendees: 60,
      },
      {
        title: "Networking breakfast: health at work",
        description:
          "Local entrepreneurs meet over breakfast to talk about stress, posture and healthy habits at the office.",
        category: "Business",
        venue: "Apotheek Peeters, Koningin Astridlaan 71",
        time: "07:45",
        price: "€12",
        inDays: -14,
        attendees: 25,
      },
    ],
  },
  {
    key: "demarkt",
    businessName: "Brasserie De Markt",
    email: "brasserie.demarkt@demo.buurtplatform.be",
    businessEmail: "reservaties@brasserie-demarkt.example",
    vatNumber: "BE 0687.345.120",
    town: "hasselt",
    address: "Havermarkt 9, 3500 Hasselt",
    place: [50.92882, 5.33724],
    phone: "+32 11 21 98 76",
    domain: "brasserie-demarkt.example",
    handle: "brasseriedemarkt",
    hours: HOURS.restaurant,
    category: "Restaurants",
    premium: true,
    daysAgo: 55,
    promotions: [
      {
        title: "Lunch of the day",
        description:
          "Soup, a daily changing main course and a coffee. Served from Tuesday to Saturday between 11:30 and 14:30.",
        price: "€16,50",
        validInDays: 14,
        terms: ["Lunch hours only.", "Drinks other than coffee are not included."],
      },
      {
        title: "20% off stoofvlees with fries on Wednesdays",
        description:
          "Our Flemish beef stew, slowly cooked in local dark beer and served with hand-cut fries and mayonnaise.",
        discount: "20% Off",
        validInDays: 28,
        premium: true,
        terms: ["Valid on Wednesdays only.", "Dine in only.", "Reservation recommended."],
      },
      {
        title: "Three-course dinner for two",
        description:
          "A seasonal starter, main course and dessert for two people, with a glass of cava to start the evening.",
        price: "€69,00",
        originalPrice: "€84,00",
        validInDays: 35,
        premium: true,
        terms: ["Reservation required.", "Valid from Tuesday to Thursday.", "Cannot be combined with other offers."],
      },
    ],
    events: [
      {
        title: "Jazz brunch",
        description: "A generous brunch buffet with a live jazz trio. Children under 12 eat at half price.",
        category: "Music",
        venue: "Brasserie De Markt, Havermarkt 9",
        time: "11:00",
        price: "€29",
        inDays: 7,
        attendees: 80,
        featured: true,
      },
      {
        title: "Local painters exhibition",
        description: "Works by six painters from Hasselt and the surrounding area, on display in our upstairs room.",
        category: "Arts",
        venue: "Brasserie De Markt, first floor",
        time: "18:00",
        price: "Free",
        inDays: -4,
        attendees: 95,
      },
    ],
  },
  // Amsterdam ----------------------------------------------------------------------------------------
  {
    key: "degroef",
    businessName: "Platenzaak De Groef",
    email: "degroef@demo.buurtplatform.be",
    businessEmail: "info@platenzaak-degroef.example",
    vatNumber: "NL853216749B01",
    town: "amsterdam",
    address: "Haarlemmerstraat 88, 1013 EW Amsterdam",
    place: [52.38092, 4.88847],
    phone: "+31 20 624 1187",
    domain: "platenzaak-degroef.example",
    handle: "platenzaakdegroef",
    hours: HOURS.shop,
    category: "Music",
    premium: false,
    daysAgo: 80,
    promotions: [
      {
        title: "30% off second-hand vinyl",
        description:
          "Our second-hand crates are full again: jazz, soul, Dutch pop and plenty of surprises. Every used record is 30% off.",
        discount: "30% Off",
        validInDays: 12,
        terms: ["Second-hand records only.", "Cannot be combined with other offers."],
      },
      {
        title: "Turntable service",
        description: "We clean, adjust and test your turntable and fit a new belt if needed. Ready within a week.",
        price: "€39,00",
        originalPrice: "€55,00",
        validInDays: 50,
        terms: [
          "Parts other than the belt are charged separately.",
          "Bring your turntable in its original box if possible.",
        ],
      },
      {
        title: "Record Store Day bundle",
        description: "Two Record Store Day releases of your choice plus a tote bag and anti-static inner sleeves.",
        price: "€25,00",
        originalPrice: "€34,00",
        validInDays: -8,
        premium: true,
        terms: ["While stocks last.", "One bundle per customer."],
      },
    ],
    events: [
      {
        title: "Vinyl listening night: Dutch jazz classics",
        description:
          "We play a full album side by side on our best system, with stories about the musicians in between.",
        category: "Music",
        venue: "Platenzaak De Groef, Haarlemmerstraat 88",
        time: "20:00",
        price: "€7,50",
        inDays: 6,
        attendees: 35,
        featured: true,
      },
      {
        title: "Crate-digging swap meet",
        description: "Bring the records you no longer play and swap them with neighbours. Coffee is on us.",
        category: "Community",
        venue: "Haarlemmerplein, Amsterdam",
        time: "11:00",
        price: "Free",
        inDays: -11,
        attendees: 210,
      },
    ],
  },
  {
    key: "noorderlicht",
    businessName: "Galerie Noorderlicht",
    email: "noorderlicht@demo.buurtplatform.be",
    businessEmail: "info@galerie-noorderlicht.example",
    vatNumber: "NL812437651B01",
    town: "amsterdam",
    address: "Westerstraat 112, 1015 MN Amsterdam",
    place: [52.37859, 4.88296],
    phone: "+31 20 638 4520",
    domain: "galerie-noorderlicht.example",
    handle: "galerienoorderlicht",
    hours: [
      { day: "Tuesday - Saturday", hours: "12:00 - 18:00" },
      { day: "Sunday", hours: "13:00 - 17:00" },
    ],
    category: "Arts",
    premium: true,
    daysAgo: 68,
    promotions: [
      {
        title: "20% off framing",
        description:
          "Have your poster, photo or painting framed by hand in our own workshop. Choose from more than 200 frame profiles.",
        discount: "20% Off",
        validInDays: 30,
        terms: ["Ready within ten working days.", "Not valid on ready-made frames."],
      },
      {
        title: "Limited print: Canal at dawn",
        description: "A signed giclée print in an edition of 50, printed on heavy cotton paper. 40 × 50 cm.",
        price: "€45,00",
        originalPrice: "€60,00",
        validInDays: 25,
        premium: true,
        terms: ["Unframed.", "While the edition lasts."],
      },
      {
        title: "Gift card bonus",
        description: "Buy a gift card for €50 and we add €5 extra. A lovely present for anyone who loves art.",
        price: "€50,00",
        originalPrice: "€55,00",
        validInDays: 60,
        terms: ["The gift card is valid for one year.", "Not exchangeable for cash."],
      },
    ],
    events: [
      {
        title: "Opening: Light over the IJ",
        description: "The opening of our new exhibition of photographs of the IJ at first light. Drinks are served.",
        category: "Arts",
        venue: "Galerie Noorderlicht, Westerstraat 112",
        time: "17:00",
        price: "Free",
        inDays: 3,
        attendees: 120,
        featured: true,
      },
      {
        title: "Sketching class for beginners",
        description: "Learn the basics of perspective and shading in three relaxed hours. All materials are provided.",
        category: "Education",
        venue: "Galerie Noorderlicht, studio",
        time: "19:00",
        price: "€20",
        inDays: 16,
        attendees: 14,
      },
    ],
  },
  {
    key: "dobbelsteen",
    businessName: "Spellenwinkel De Dobbelsteen",
    email: "dobbelsteen@demo.buurtplatform.be",
    businessEmail: "winkel@dedobbelsteen.example",
    vatNumber: "NL859031274B01",
    town: "amsterdam",
    address: "Utrechtsestraat 54, 1017 VP Amsterdam",
    place: [52.36382, 4.89726],
    phone: "+31 20 427 9035",
    domain: "dedobbelsteen.example",
    handle: "spellenwinkeldedobbelsteen",
    hours: HOURS.store,
    category: "Gaming",
    premium: false,
    daysAgo: 47,
    promotions: [
      {
        title: "Board game of the month: 15% off",
        description:
          "Every month our team picks one new game we can't stop playing. Come and try it at the demo table first.",
        discount: "15% Off",
        validInDays: 20,
        terms: ["Valid on the game of the month only.", "While stocks last."],
      },
      {
        title: "Role-playing starter kit",
        description: "The core rulebook, a set of dice and a ready-to-play adventure for four players.",
        price: "€29,95",
        originalPrice: "€39,95",
        validInDays: 40,
        terms: ["English edition.", "One kit per customer."],
      },
      {
        title: "40% off jigsaw puzzles",
        description: "We are making room for new stock: all jigsaw puzzles of 1000 pieces and more are 40% off.",
        discount: "40% Off",
        validInDays: -5,
        terms: ["Not valid on pre-orders.", "While stocks last."],
      },
    ],
    events: [
      {
        title: "Board game marathon",
        description: "Twelve hours of games, snacks and good company. Our staff explain every game at your table.",
        category: "Gaming",
        venue: "Spellenwinkel De Dobbelsteen, Utrechtsestraat 54",
        time: "12:00",
        price: "€5",
        inDays: 10,
        attendees: 48,
        featured: true,
      },
      {
        title: "Ultimate frisbee afternoon",
        description:
          "A friendly game of ultimate frisbee for beginners and experienced players. Teams are mixed on the spot.",
        category: "Sports",
        venue: "Westerpark, Amsterdam",
        time: "15:00",
        price: "Free",
        inDays: -18,
        attendees: 36,
      },
    ],
  },
  // Brussel ------------------------------------------------------------------------------------------
  {
    key: "dubois",
    businessName: "Maison Dubois",
    email: "maison.dubois@demo.buurtplatform.be",
    businessEmail: "contact@maison-dubois.example",
    vatNumber: "BE 0478.902.316",
    town: "brussel",
    address: "Rue Neuve 23, 1000 Brussel",
    place: [50.85196, 4.3556],
    phone: "+32 2 511 23 45",
    domain: "maison-dubois.example",
    handle: "maisondubois",
    hours: HOURS.shop,
    category: "Shopping",
    premium: true,
    daysAgo: 77,
    promotions: [
      {
        title: "30% off the spring collection",
        description:
          "Light jackets, linen shirts and summer dresses by Belgian designers. The whole spring collection is 30% off this month.",
        discount: "30% Off",
        validInDays: 18,
        premium: true,
        terms: ["Not valid on items already reduced.", "Exchange within 14 days with receipt."],
      },
      {
        title: "Leather handbag",
        description: "A classic handbag in soft cognac leather, made in a small workshop in Anderlecht.",
        price: "€89,00",
        originalPrice: "€129,00",
        validInDays: 33,
        terms: ["While stocks last.", "Exchange within 14 days with receipt."],
      },
      {
        title: "Winter coats at half price",
        description: "The last winter coats of the season are now 50% off. Sizes are limited.",
        discount: "50% Off",
        validInDays: -15,
        terms: ["Final sale: no exchanges.", "While stocks last."],
      },
    ],
    events: [
      {
        title: "Jazz in the shop window",
        description:
          "A saxophone and piano duo plays in our shop window during late-night shopping. Listen from the street or come inside.",
        category: "Music",
        venue: "Maison Dubois, Rue Neuve 23",
        time: "18:30",
        price: "Free",
        inDays: 4,
        attendees: 70,
        featured: true,
      },
      {
        title: "Talk: sustainable fashion",
        description: "How do you build a wardrobe that lasts? A designer and a tailor share their tips.",
        category: "Education",
        venue: "Maison Dubois",
        time: "19:00",
        price: "€5",
        inDays: -6,
        attendees: 40,
      },
    ],
  },
  {
    key: "marolles",
    businessName: "Atelier Marolles",
    email: "atelier.marolles@demo.buurtplatform.be",
    businessEmail: "atelier@atelier-marolles.example",
    vatNumber: "BE 0812.456.037",
    town: "brussel",
    address: "Rue Haute 142, 1000 Brussel",
    place: [50.83842, 4.34811],
    phone: "+32 2 512 78 90",
    domain: "atelier-marolles.example",
    handle: "ateliermarolles",
    hours: HOURS.salon,
    category: "Home & Garden",
    premium: false,
    daysAgo: 59,
    promotions: [
      {
        title: "Restored vintage chairs",
        description:
          "Mid-century chairs found at the flea market and restored in our workshop, with new seat fabric of your choice.",
        price: "€75,00",
        originalPrice: "€110,00",
        validInDays: 27,
        terms: ["Price per chair.", "Delivery in Brussels for €15."],
      },
      {
        title: "20% off upholstery",
        description: "Give your favourite armchair a second life. We reupholster chairs, sofas and headboards.",
        discount: "20% Off",
        validInDays: 45,
        terms: ["Discount on labour only.", "Free quote in the workshop."],
      },
      {
        title: "Terracotta plant pots",
        description: "Hand-thrown terracotta pots in three sizes, perfect for balconies and windowsills.",
        price: "€12,00",
        originalPrice: "€16,00",
        validInDays: 15,
        terms: ["Price for the medium size.", "While stocks last."],
      },
    ],
    events: [
      {
        title: "Upcycling street exhibition",
        description:
          "Furniture and objects made from flea market finds, shown in the open air on the Place du Jeu de Balle.",
        category: "Arts",
        venue: "Place du Jeu de Balle, Brussel",
        time: "10:00",
        price: "Free",
        inDays: 13,
        attendees: 300,
        featured: true,
      },
      {
        title: "Marolles neighbourhood clean-up",
        description: "We clean up the streets around the flea market together. Gloves, bags and soup are provided.",
        category: "Community",
        venue: "Rue Haute 142 (meeting point)",
        time: "09:30",
        price: "Free",
        inDays: -2,
        attendees: 42,
      },
    ],
  },
  {
    key: "vandamme",
    businessName: "Chocolaterie Van Damme",
    email: "chocolaterie.vandamme@demo.buurtplatform.be",
    businessEmail: "info@chocolaterie-vandamme.example",
    vatNumber: "BE 0445.118.703",
    town: "brussel",
    address: "Rue du Marché aux Herbes 17, 1000 Brussel",
    place: [50.84695, 4.35368],
    phone: "+32 2 513 40 66",
    domain: "chocolaterie-vandamme.example",
    handle: "chocolaterievandamme",
    hours: HOURS.store,
    category: "Food & Drink",
    premium: false,
    daysAgo: 44,
    promotions: [
      {
        title: "Praline box of 500 g",
        description: "A mix of our pralines, truffles and manons, filled by hand in our workshop behind the shop.",
        price: "€22,50",
        originalPrice: "€27,00",
        validInDays: 30,
        terms: ["Keep cool and dry.", "Best eaten within three weeks."],
      },
      {
        title: "50% off your second hot chocolate",
        description:
          "Warm up with a real hot chocolate made from melted dark chocolate. Bring a friend: the second cup is half price.",
        discount: "50% Off",
        validInDays: 8,
        terms: ["On the second drink of the same order.", "In the tea room only."],
      },
      {
        title: "25% off Easter eggs",
        description: "Hollow eggs and little chocolate hens in milk, dark and white chocolate.",
        discount: "25% Off",
        validInDays: -20,
        terms: ["While stocks last."],
      },
    ],
    events: [
      {
        title: "Chocolate run 5 km",
        description: "A 5 km fun run through the park, with a chocolate medal and hot chocolate at the finish.",
        category: "Sports",
        venue: "Parc de Bruxelles",
        time: "09:00",
        price: "€10",
        inDays: 20,
        attendees: 250,
      },
      {
        title: "Comic strip board game evening",
        description: "Play board games based on Belgian comic heroes while tasting our pralines.",
        category: "Gaming",
        venue: "Chocolaterie Van Damme, tasting room",
        time: "19:30",
        price: "€6",
        inDays: 2,
        attendees: 24,
      },
      {
        title: "Praline-making workshop",
        description: "Temper chocolate, fill moulds and take home a box of your own pralines.",
        category: "Workshop",
        venue: "Chocolaterie Van Damme, tasting room",
        time: "14:00",
        price: "€45",
        inDays: -10,
        attendees: 16,
      },
    ],
  },
  // Zonhoven -----------------------------------------------------------------------------------------
  {
    key: "claes",
    businessName: "Fietsen Claes",
    email: "fietsen.claes@demo.buurtplatform.be",
    businessEmail: "info@fietsen-claes.example",
    vatNumber: "BE 0631.274.859",
    town: "zonhoven",
    address: "Dorpsstraat 54, 3520 Zonhoven",
    place: [50.99088, 5.36874],
    phone: "+32 11 81 23 45",
    domain: "fietsen-claes.example",
    handle: "fietsenclaes",
    hours: HOURS.salon,
    category: "Retail",
    premium: false,
    daysAgo: 86,
    promotions: [
      {
        title: "Spring bike service",
        description:
          "A full check of brakes, gears, tyres and lights, and a thorough clean. Your bike is ready for the season.",
        price: "€49,00",
        originalPrice: "€65,00",
        validInDays: 22,
        terms: ["Parts are charged separately.", "By appointment.", "E-bike software updates not included."],
      },
      {
        title: "20% off e-bike accessories",
        description: "Panniers, locks, helmets and chargers for your e-bike at 20% off.",
        discount: "20% Off",
        validInDays: 35,
        terms: ["Not valid on batteries.", "Cannot be combined with other offers."],
      },
      {
        title: "Kids' bikes",
        description: "Sturdy 20 and 24 inch bikes for children, fully assembled and adjusted to your child's height.",
        price: "€179,00",
        originalPrice: "€229,00",
        validInDays: -9,
        terms: ["While stocks last.", "First service free within three months."],
      },
    ],
    events: [
      {
        title: "Bike tour through De Teut",
        description: "A 30 km guided ride through the heath and woods of De Teut, with a coffee stop halfway.",
        category: "Sports",
        venue: "Fietsen Claes, Dorpsstraat 54",
        time: "09:30",
        price: "Free",
        inDays: 8,
        attendees: 55,
        featured: true,
      },
      {
        title: "Bike maintenance basics",
        description: "Learn to fix a flat tyre, adjust your brakes and oil your chain in one evening.",
        category: "Education",
        venue: "Fietsen Claes, workshop",
        time: "19:00",
        price: "€10",
        inDays: -16,
        attendees: 18,
      },
    ],
  },
  {
    key: "lotte",
    businessName: "Kapsalon Lotte",
    email: "kapsalon.lotte@demo.buurtplatform.be",
    businessEmail: "afspraak@kapsalon-lotte.example",
    vatNumber: "BE 0745.390.128",
    town: "zonhoven",
    address: "Kerkplein 3, 3520 Zonhoven",
    place: [50.99148, 5.36682],
    phone: "+32 11 82 14 67",
    domain: "kapsalon-lotte.example",
    handle: "kapsalonlotte",
    hours: HOURS.salon,
    category: "Health & Beauty",
    premium: false,
    daysAgo: 39,
    promotions: [
      {
        title: "Cut and blow-dry",
        description: "A wash, cut and blow-dry by one of our stylists, with a head massage to relax.",
        price: "€32,00",
        originalPrice: "€40,00",
        validInDays: 14,
        terms: ["By appointment.", "Long hair: €5 extra."],
      },
      {
        title: "15% off colouring",
        description: "From subtle highlights to a completely new colour, always with ammonia-free products.",
        discount: "15% Off",
        validInDays: 30,
        terms: ["By appointment.", "A strand test is required for new clients."],
      },
      {
        title: "Wedding hair trial",
        description: "Try out your wedding hairstyle in advance, so you can relax on the big day.",
        price: "€45,00",
        validInDays: 90,
        terms: ["By appointment.", "Deducted from the price of the wedding styling."],
      },
    ],
    events: [
      {
        title: "Charity hair day",
        description: "All our stylists cut hair for a whole day and every euro goes to the local youth club.",
        category: "Community",
        venue: "Kapsalon Lotte, Kerkplein 3",
        time: "09:00",
        price: "€15",
        inDays: 11,
        attendees: 38,
      },
      {
        title: "Acoustic evening at the salon",
        description: "A local singer-songwriter plays among the mirrors and chairs. Drinks and snacks are provided.",
        category: "Music",
        venue: "Kapsalon Lotte",
        time: "20:00",
        price: "€8",
        inDays: -7,
        attendees: 30,
      },
    ],
  },
  {
    key: "devijver",
    businessName: "Tuincentrum De Vijver",
    email: "tuincentrum.devijver@demo.buurtplatform.be",
    businessEmail: "info@tuincentrum-devijver.example",
    vatNumber: "BE 0598.663.412",
    town: "zonhoven",
    address: "Heuvenstraat 120, 3520 Zonhoven",
    place: [51.00064, 5.35528],
    phone: "+32 11 81 56 02",
    domain: "tuincentrum-devijver.example",
    handle: "tuincentrumdevijver",
    hours: HOURS.store,
    category: "Home & Garden",
    premium: true,
    daysAgo: 88,
    promotions: [
      {
        title: "30% off spring bulbs",
        description:
          "Tulips, daffodils and alliums for a colourful garden next spring. Plant them before the first frost.",
        discount: "30% Off",
        validInDays: 16,
        premium: true,
        terms: ["While stocks last.", "Not valid on pre-packed gift sets."],
      },
      {
        title: "Raised vegetable bed",
        description:
          "A raised bed in untreated larch wood, 120 × 80 cm, including potting soil and a bag of organic fertiliser.",
        price: "€89,00",
        originalPrice: "€119,00",
        validInDays: 40,
        terms: ["Delivery in Zonhoven and Hasselt for €10.", "Assembly not included."],
      },
      {
        title: "Christmas trees",
        description: "Nordmann firs from a Limburg grower, 150 to 175 cm, netted and ready to take home.",
        price: "€35,00",
        originalPrice: "€45,00",
        validInDays: -25,
        terms: ["Stand not included.", "While stocks last."],
      },
    ],
    events: [
      {
        title: "Botanical drawing in the greenhouse",
        description: "Draw flowers and leaves from life among our plants, guided by a local illustrator.",
        category: "Arts",
        venue: "Tuincentrum De Vijver, greenhouse",
        time: "14:00",
        price: "€15",
        inDays: 15,
        attendees: 20,
      },
      {
        title: "Garden escape game for families",
        description: "Solve the riddles hidden between the plants and find the key to the gardener's shed.",
        category: "Gaming",
        venue: "Tuincentrum De Vijver, Heuvenstraat 120",
        time: "13:00",
        price: "€8",
        inDays: 24,
        attendees: 64,
        featured: true,
      },
    ],
  },
  // Genk ---------------------------------------------------------------------------------------------
  {
    key: "janssens",
    businessName: "Garage Janssens",
    email: "garage.janssens@demo.buurtplatform.be",
    businessEmail: "werkplaats@garage-janssens.example",
    vatNumber: "BE 0467.823.591",
    town: "genk",
    address: "Winterslagstraat 210, 3600 Genk",
    place: [50.97541, 5.47893],
    phone: "+32 89 35 12 78",
    domain: "garage-janssens.example",
    handle: "garagejanssens",
    hours: [
      { day: "Monday - Friday", hours: "08:00 - 18:00" },
      { day: "Saturday", hours: "09:00 - 12:00" },
    ],
    category: "Automotive",
    premium: false,
    daysAgo: 52,
    promotions: [
      {
        title: "Summer check-up",
        description: "We check your air conditioning, tyres, brakes and fluids before you leave on holiday.",
        price: "€59,00",
        originalPrice: "€79,00",
        validInDays: 25,
        terms: ["By appointment.", "Parts and refrigerant are charged separately."],
      },
      {
        title: "20% off winter tyres",
        description: "A set of four winter tyres of a premium brand, fitted and balanced.",
        discount: "20% Off",
        validInDays: -30,
        terms: ["Fitting included.", "Tyre storage available for €40 a season."],
      },
      {
        title: "Car wash subscription",
        description: "Unlimited washes in our car wash for a month, with interior vacuuming once a week.",
        price: "€19,00",
        originalPrice: "€25,00",
        validInDays: 60,
        terms: ["Price per month.", "One car per subscription.", "Cancel at any time."],
      },
    ],
    events: [
      {
        title: "Electric driving information evening",
        description:
          "Everything about charging at home, range and grants, explained without jargon. Test drives on request.",
        category: "Education",
        venue: "Garage Janssens, showroom",
        time: "19:00",
        price: "Free",
        inDays: 9,
        attendees: 40,
      },
      {
        title: "Oldtimer Sunday at C-Mine",
        description: "More than a hundred classic cars on the old mine site, with live music and food trucks.",
        category: "Festival",
        venue: "C-Mine, Genk",
        time: "10:00",
        price: "Free",
        inDays: 26,
        attendees: 500,
        featured: true,
      },
    ],
  },
  {
    key: "wereldwinkel",
    businessName: "Wereldwinkel Genk",
    email: "wereldwinkel.genk@demo.buurtplatform.be",
    businessEmail: "genk@wereldwinkel-genk.example",
    vatNumber: "BE 0421.937.604",
    town: "genk",
    address: "Stalenstraat 15, 3600 Genk",
    place: [50.9653, 5.50196],
    phone: "+32 89 36 44 10",
    domain: "wereldwinkel-genk.example",
    handle: "wereldwinkelgenk",
    hours: HOURS.salon,
    category: "Community",
    premium: false,
    daysAgo: 30,
    promotions: [
      {
        title: "Fair trade coffee duo",
        description: "Two packs of organic coffee from a farmers' cooperative in Peru. Ground or whole beans.",
        price: "€12,00",
        originalPrice: "€15,00",
        validInDays: 20,
        terms: ["250 g per pack.", "While stocks last."],
      },
      {
        title: "25% off handmade baskets",
        description: "Baskets woven by women's cooperatives in Ghana and Bangladesh. Every basket is unique.",
        discount: "25% Off",
        validInDays: 30,
        terms: ["Cannot be combined with other offers."],
      },
      {
        title: "Cooperative chocolate bar",
        description: "Dark chocolate with sea salt, made from cocoa bought at a fair price.",
        price: "€3,20",
        originalPrice: "€3,90",
        validInDays: -4,
        terms: ["While stocks last."],
      },
    ],
    events: [
      {
        title: "World food festival",
        description:
          "Dishes from the many communities of Genk, cooked by neighbours, with music and dance on the square.",
        category: "Festival",
        venue: "Stadsplein, Genk",
        time: "12:00",
        price: "Free",
        inDays: 30,
        attendees: 800,
        featured: true,
      },
      {
        title: "Fair trade coffee tasting",
        description: "Taste four coffees from four countries and hear the stories of the farmers who grow them.",
        category: "Community",
        venue: "Wereldwinkel Genk, Stalenstraat 15",
        time: "10:30",
        price: "Free",
        inDays: -3,
        attendees: 22,
      },
    ],
  },
  {
    key: "dagino",
    businessName: "Pizzeria Da Gino",
    email: "pizzeria.dagino@demo.buurtplatform.be",
    businessEmail: "ciao@pizzeria-dagino.example",
    vatNumber: "BE 0652.184.730",
    town: "genk",
    address: "Vennestraat 88, 3600 Genk",
    place: [50.96724, 5.49785],
    phone: "+32 89 30 71 25",
    domain: "pizzeria-dagino.example",
    handle: "pizzeriadagino",
    hours: [
      { day: "Tuesday - Saturday", hours: "17:00 - 22:30" },
      { day: "Sunday", hours: "12:00 - 22:00" },
    ],
    category: "Restaurants",
    premium: false,
    daysAgo: 12,
    promotions: [
      {
        title: "Pizza Margherita with a drink",
        description: "Our classic Margherita from the wood-fired oven, with a soft drink or a glass of house wine.",
        price: "€13,50",
        originalPrice: "€16,00",
        validInDays: 21,
        terms: ["Dine in only.", "From Tuesday to Thursday."],
      },
      {
        title: "10% off takeaway",
        description: "Order by phone and pick up your pizzas piping hot. Ten percent off every takeaway order.",
        discount: "10% Off",
        validInDays: 45,
        terms: ["Order by phone.", "Not valid on delivery platforms."],
      },
      {
        title: "Family menu",
        description: "Four pizzas of your choice, a big salad and tiramisu for four. The nonna-approved Sunday treat.",
        price: "€39,00",
        originalPrice: "€48,00",
        validInDays: 30,
        premium: true,
        terms: ["For four people.", "Reservation recommended on Sundays."],
      },
    ],
    events: [
      {
        title: "Pizza workshop for kids",
        description: "Children roll out their own dough, choose their toppings and bake their pizza in our oven.",
        category: "Workshop",
        venue: "Pizzeria Da Gino, Vennestraat 88",
        time: "15:00",
        price: "€12",
        inDays: 17,
        attendees: 20,
      },
      {
        title: "Italian music night",
        description: "Canzoni, accordion and mandolin all evening long. Book a table or just drop by for a drink.",
        category: "Music",
        venue: "Pizzeria Da Gino",
        time: "20:00",
        price: "€10",
        inDays: 23,
        attendees: 90,
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------
// Reports: every type in every status

type ReportSeed = {
  town: Slug;
  reporter: string;
  type: ReportType;
  status: ReportStatus;
  daysAgo: number;
  description: string;
  image?: boolean;
  /** Where it happened: the pin (with the browser's accuracy when it came from "use my location") and words. */
  place?: { lat: number; lng: number; accuracy?: number; text?: string };
};

const REPORTS: ReportSeed[] = [
  // Approved
  {
    town: "hasselt",
    reporter: "admin",
    type: "urgent",
    status: "approved",
    daysAgo: 2,
    description:
      "Gas leak on the Demerstraat near number 40. The street is closed between the Havermarkt and the Kolonel Dusartplein until the repair is finished.",
    place: { lat: 50.93118, lng: 5.33652, text: "Demerstraat 40" },
  },
  {
    town: "zonhoven",
    reporter: "koen",
    type: "informative",
    status: "approved",
    daysAgo: 9,
    description:
      "The Saturday market moves from the Kerkplein to the car park on the Dorpsstraat for the next three weeks because of road works.",
  },
  {
    town: "brussel",
    reporter: "camille",
    type: "fire",
    status: "approved",
    daysAgo: 4,
    description:
      "Smoke coming out of a basement window on the Rue Haute near the Place du Jeu de Balle. The fire brigade is on site; please avoid the area.",
    image: true,
    place: { lat: 50.83659, lng: 4.34632, text: "Rue Haute, near the Place du Jeu de Balle" },
  },
  {
    town: "hasselt",
    reporter: "jan",
    type: "accident",
    status: "approved",
    daysAgo: 6,
    description:
      "Collision between a car and a cyclist at the roundabout on the Kempische Steenweg. Traffic is being diverted via the Gouverneur Roppesingel.",
    place: { lat: 50.93663, lng: 5.32896, accuracy: 18, text: "Roundabout on the Kempische Steenweg" },
  },
  {
    town: "amsterdam",
    reporter: "daan",
    type: "theft",
    status: "approved",
    daysAgo: 12,
    description:
      "Several bikes were stolen from the racks at the Haarlemmerplein last night; the locks were cut. Use the guarded bike parking for now.",
    place: { lat: 52.382312, lng: 4.883647, accuracy: 12, text: "Bike racks on the Haarlemmerplein" },
  },
  {
    town: "genk",
    reporter: "giulia",
    type: "police_check",
    status: "approved",
    daysAgo: 3,
    description: "Police checkpoint on the Europalaan this evening from 20:00. Expect short delays towards the centre.",
    place: { lat: 50.962734, lng: 5.498512, text: "Europalaan" },
  },
  {
    town: "zonhoven",
    reporter: "an",
    type: "power_outage",
    status: "approved",
    daysAgo: 1,
    description:
      "No electricity in the Heuvenstraat and Vijverstraat area since 07:30 this morning. The network operator has been notified and a crew is on its way.",
  },
  {
    town: "hasselt",
    reporter: "lies",
    type: "water_outage",
    status: "approved",
    daysAgo: 5,
    description:
      "No tap water on the Maastrichterstraat (numbers 1 to 60) because of a burst main. Supply should be back by 16:00.",
    place: { lat: 50.92968, lng: 5.33934, text: "Maastrichterstraat 1 to 60" },
  },
  {
    town: "amsterdam",
    reporter: "sanne",
    type: "infrastructure_issue",
    status: "approved",
    daysAgo: 15,
    description:
      "Loose paving stones on the bridge over the Prinsengracht at the Utrechtsestraat. Dangerous for cyclists, especially in the dark.",
    image: true,
    place: { lat: 52.36281, lng: 4.89702, text: "Prinsengracht bridge at the Utrechtsestraat" },
  },
  {
    town: "brussel",
    reporter: "youssef",
    type: "public_safety",
    status: "approved",
    daysAgo: 8,
    description:
      "The streetlights are out along the Boulevard Anspach between the Bourse and De Brouckère. The whole stretch is very dark at night.",
  },
  {
    town: "hasselt",
    reporter: "user",
    type: "other_urgent",
    status: "approved",
    daysAgo: 1,
    description:
      "Fallen tree blocking the cycle path on the Kempische Steenweg near the roundabout. Cyclists have to use the road.",
    place: { lat: 50.93741, lng: 5.32748, accuracy: 9 },
  },
  {
    town: "hasselt",
    reporter: "leesrecht",
    type: "informative",
    status: "approved",
    daysAgo: 10,
    description:
      "Road works on the Koningin Astridlaan start on Monday. One lane will be closed for about two weeks; all shops stay open.",
  },
  {
    town: "amsterdam",
    reporter: "admin",
    type: "informative",
    status: "approved",
    daysAgo: 7,
    description: "Waste collection in the Jordaan moves to Wednesday this week because of the public holiday.",
  },
  {
    town: "brussel",
    reporter: "marolles",
    type: "infrastructure_issue",
    status: "approved",
    daysAgo: 18,
    description:
      "The pavement on the Rue Blaes has subsided in front of number 60. The hole is about half a metre deep and has been fenced off for now.",
  },
  {
    town: "zonhoven",
    reporter: "lotte",
    type: "public_safety",
    status: "approved",
    daysAgo: 13,
    description:
      "Wasp nest in the playground on the Molenstraat. The playground is closed until the nest has been removed.",
  },
  {
    town: "genk",
    reporter: "wereldwinkel",
    type: "informative",
    status: "approved",
    daysAgo: 2,
    description:
      "The Stalenstraat is car-free next Sunday for the world food festival. Buses are diverted via the Molenstraat.",
  },
  // Pending
  {
    town: "genk",
    reporter: "giulia",
    type: "urgent",
    status: "pending",
    daysAgo: 1,
    description:
      "Strong smell of gas near the C-Mine entrance on the Evence Coppéelaan. Several passers-by noticed it too.",
  },
  {
    town: "brussel",
    reporter: "dubois",
    type: "informative",
    status: "pending",
    daysAgo: 2,
    description:
      "The pedestrian crossing on the Rue Neuve is being repainted tonight. Use the crossing at the Place de la Monnaie instead.",
  },
  {
    town: "zonhoven",
    reporter: "claes",
    type: "fire",
    status: "pending",
    daysAgo: 1,
    description:
      "Small heath fire visible from the Teutenstraat near the De Teut nature reserve. Smoke is drifting towards the houses.",
  },
  {
    town: "amsterdam",
    reporter: "sanne",
    type: "accident",
    status: "pending",
    daysAgo: 2,
    description:
      "A scooter and a tram collided on the Ferdinand Bolstraat. The tram has stopped and the crossing is blocked.",
  },
  {
    town: "hasselt",
    reporter: "jan",
    type: "theft",
    status: "pending",
    daysAgo: 3,
    description:
      "Catalytic converter stolen from a car parked on the Thonissenlaan overnight. Neighbours, please check your cars.",
  },
  {
    town: "hasselt",
    reporter: "peeters",
    type: "police_check",
    status: "pending",
    daysAgo: 4,
    description: "Speed checks on the Kuringersteenweg all week, mostly between 07:00 and 09:00.",
  },
  {
    town: "genk",
    reporter: "janssens",
    type: "power_outage",
    status: "pending",
    daysAgo: 2,
    description:
      "Power cut in Winterslag, on the Vennestraat side, since midnight. The traffic lights at the crossroads are out too.",
  },
  {
    town: "amsterdam",
    reporter: "daan",
    type: "water_outage",
    status: "pending",
    daysAgo: 1,
    description: "Very low water pressure along the whole Javastraat this morning. Is there work going on somewhere?",
  },
  {
    town: "zonhoven",
    reporter: "koen",
    type: "infrastructure_issue",
    status: "pending",
    daysAgo: 5,
    description: "Deep pothole on the Dorpsstraat in front of number 80. A cyclist nearly fell this morning.",
  },
  {
    town: "hasselt",
    reporter: "user",
    type: "public_safety",
    status: "pending",
    daysAgo: 2,
    description: "Broken glass all over the playground in the Kapermolenpark, right next to the climbing frame.",
  },
  {
    town: "brussel",
    reporter: "youssef",
    type: "other_urgent",
    status: "pending",
    daysAgo: 1,
    description:
      "Loose scaffolding swinging in the wind on the Rue des Bouchers. Pieces could fall onto the terraces below.",
  },
  {
    town: "hasselt",
    reporter: "vermeulen",
    type: "informative",
    status: "pending",
    daysAgo: 1,
    description:
      "The breakfast on the Grote Markt raised €1.240 for the local food bank. Thank you to everyone who joined us!",
  },
  // Rejected
  {
    town: "amsterdam",
    reporter: "daan",
    type: "urgent",
    status: "rejected",
    daysAgo: 20,
    description: "The music at a neighbour's party on the Westerstraat is far too loud.",
  },
  {
    town: "genk",
    reporter: "giulia",
    type: "informative",
    status: "rejected",
    daysAgo: 14,
    description: "Does anyone know when the new bakery on the Stalenstraat opens?",
  },
  {
    town: "hasselt",
    reporter: "lies",
    type: "fire",
    status: "rejected",
    daysAgo: 17,
    description: "There is a lot of smoke from a barbecue in my neighbour's garden.",
  },
  {
    town: "brussel",
    reporter: "camille",
    type: "accident",
    status: "rejected",
    daysAgo: 11,
    description: "Minor fender-bender on the Rue Antoine Dansaert; both drivers have already exchanged details.",
  },
  {
    town: "zonhoven",
    reporter: "an",
    type: "theft",
    status: "rejected",
    daysAgo: 19,
    description: "My parcel was not delivered today even though the tracking says it was.",
  },
  {
    town: "amsterdam",
    reporter: "sanne",
    type: "police_check",
    status: "rejected",
    daysAgo: 9,
    description: "A police car has been parked in front of my house for an hour.",
  },
  {
    town: "hasselt",
    reporter: "jan",
    type: "power_outage",
    status: "rejected",
    daysAgo: 22,
    description: "My doorbell stopped working this morning.",
  },
  {
    town: "brussel",
    reporter: "camille",
    type: "water_outage",
    status: "rejected",
    daysAgo: 25,
    description: "Same as the earlier report about low water pressure on the Rue Haute.",
  },
  {
    town: "genk",
    reporter: "giulia",
    type: "infrastructure_issue",
    status: "rejected",
    daysAgo: 27,
    description: "I would like an extra bench near the pond in the Molenvijverpark.",
  },
  {
    town: "zonhoven",
    reporter: "koen",
    type: "public_safety",
    status: "rejected",
    daysAgo: 16,
    description: "A cat is stuck in a tree on the Kerkplein.",
  },
  {
    town: "amsterdam",
    reporter: "daan",
    type: "other_urgent",
    status: "rejected",
    daysAgo: 29,
    description: "The seagulls on the Damrak are very noisy early in the morning.",
  },
];

// ---------------------------------------------------------------------------------------------------
// Subscriptions and features

const SUBSCRIPTIONS: {
  merchant: string;
  tier: "Free" | "Basic" | "Premium" | "Enterprise";
  status: "active" | "inactive" | "cancelled" | "past_due" | "trialing";
  startDays: number;
  endDays?: number;
  customer?: string;
  subscription?: string;
}[] = [
  {
    merchant: "vermeulen",
    tier: "Premium",
    status: "active",
    startDays: -60,
    customer: "cus_demo123",
    subscription: "sub_demo123",
  },
  {
    merchant: "demarkt",
    tier: "Enterprise",
    status: "active",
    startDays: -50,
    endDays: 315,
    customer: "cus_demo456",
    subscription: "sub_demo456",
  },
  { merchant: "noorderlicht", tier: "Basic", status: "trialing", startDays: -7, endDays: 7 },
  { merchant: "dubois", tier: "Premium", status: "past_due", startDays: -70, customer: "cus_demo789" },
  { merchant: "claes", tier: "Free", status: "active", startDays: -80 },
  {
    merchant: "janssens",
    tier: "Basic",
    status: "cancelled",
    startDays: -45,
    endDays: -10,
    customer: "cus_demo321",
    subscription: "sub_demo321",
  },
  { merchant: "lotte", tier: "Basic", status: "inactive", startDays: -36, endDays: -6 },
];

/** What the platform offers (the About page lists them), written in English with Dutch and French. */
const FEATURES: { name: string; description: string; translations: Translations }[] = [
  {
    name: "Urgent reports",
    description:
      "Residents report fires, accidents and outages in seconds; moderators approve them before they are shown.",
    translations: {
      nl: {
        name: "Dringende meldingen",
        description:
          "Bewoners melden branden, ongevallen en storingen in enkele seconden; moderators keuren ze goed voor ze getoond worden.",
      },
      fr: {
        name: "Signalements urgents",
        description:
          "Les habitants signalent incendies, accidents et pannes en quelques secondes ; les modérateurs les approuvent avant leur publication.",
      },
    },
  },
  {
    name: "Premium listings",
    description: "Premium merchants and promotions are highlighted at the top of the municipality page.",
    translations: {
      nl: {
        name: "Premiumvermeldingen",
        description: "Premiumhandelaars en -promoties staan in de kijker bovenaan de pagina van de gemeente.",
      },
      fr: {
        name: "Annonces premium",
        description: "Les commerçants et promotions premium sont mis en avant en haut de la page de la commune.",
      },
    },
  },
  {
    name: "Featured events",
    description: "Merchants can feature their events so neighbours see them first on the events page.",
    translations: {
      nl: {
        name: "Uitgelichte evenementen",
        description:
          "Handelaars kunnen hun evenementen uitlichten, zodat buren ze als eerste zien op de evenementenpagina.",
      },
      fr: {
        name: "Événements à la une",
        description:
          "Les commerçants peuvent mettre leurs événements à la une pour que les voisins les voient en premier.",
      },
    },
  },
  {
    name: "Three languages",
    description: "The whole platform is available in English, Dutch and French.",
    translations: {
      nl: { name: "Drie talen", description: "Het hele platform is beschikbaar in het Engels, Nederlands en Frans." },
      fr: {
        name: "Trois langues",
        description: "Toute la plateforme existe en anglais, en néerlandais et en français.",
      },
    },
  },
  {
    name: "Live updates",
    description: "New merchants, promotions and events appear on the home page as they happen.",
    translations: {
      nl: {
        name: "Live-updates",
        description: "Nieuwe handelaars, promoties en evenementen verschijnen meteen op de startpagina.",
      },
      fr: {
        name: "En direct",
        description:
          "Les nouveaux commerçants, promotions et événements apparaissent sur l'accueil dès qu'ils arrivent.",
      },
    },
  },
];

// ---------------------------------------------------------------------------------------------------

/** The demo accounts' password hashes: one scrypt hash per distinct password (outside the transaction). */
async function demoPasswords() {
  const [userHash, merchantHash, adminHash, sharedHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS[0].password),
    hashPassword(DEMO_ACCOUNTS[1].password),
    hashPassword(DEMO_ACCOUNTS[2].password),
    hashPassword(SHARED_PASSWORD),
  ]);
  const hashFor = (email: string) =>
    email === DEMO_ACCOUNTS[0].email
      ? userHash
      : email === DEMO_ACCOUNTS[1].email
        ? merchantHash
        : email === DEMO_ACCOUNTS[2].email
          ? adminHash
          : sharedHash;
  const passwordFor = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)?.password ?? SHARED_PASSWORD;
  return { hashFor, passwordFor, sharedHash };
}
type Passwords = Awaited<ReturnType<typeof demoPasswords>>;

/** The municipalities; answers a slug's id. */
async function seedMunicipalities(tx: DbOrTx): Promise<(slug: Slug) => string> {
  const townRows = await tx
    .insert(municipalities)
    .values(
      MUNICIPALITIES.map((m) => ({
        name: m.name,
        slug: m.slug,
        isActive: m.isActive,
        createdAt: at(-m.daysAgo, 8),
        centerLat: m.center[0],
        centerLng: m.center[1],
        mapZoom: m.center[2],
      })),
    )
    .returning({ id: municipalities.id, slug: municipalities.slug });
  return (slug) => {
    const row = townRows.find((r) => r.slug === slug);
    if (!row) throw new Error(`demo seed: unknown municipality ${slug}`);
    return row.id;
  };
}

/** The accounts seeded so far, by their key in this file: id and age in days. */
type Accounts = { ids: Map<string, string>; ages: Map<string, number> };

function idOf(accounts: Accounts, key: string): string {
  const id = accounts.ids.get(key);
  if (!id) throw new Error(`demo seed: unknown account ${key}`);
  return id;
}

/** The administrator and the residents. */
async function seedPeople(tx: DbOrTx, town: (slug: Slug) => string, passwords: Passwords, accounts: Accounts) {
  for (const [i, person] of [ADMIN, ...RESIDENTS].entries()) {
    const user = await insertAccount(
      tx,
      {
        name: person.name,
        email: person.email,
        password: passwords.passwordFor(person.email),
        role: person.key === "admin" ? "admin" : "user",
        municipalityId: town(person.town),
        createdAt: at(-person.daysAgo, 8 + (i % 10), (i * 17) % 60),
      },
      passwords.hashFor(person.email),
    );
    accounts.ids.set(person.key, user.id);
    accounts.ages.set(person.key, person.daysAgo);
  }
}

/** The merchants' accounts and their public profiles. */
async function seedMerchants(tx: DbOrTx, town: (slug: Slug) => string, passwords: Passwords, accounts: Accounts) {
  for (const [i, m] of MERCHANTS.entries()) {
    const user = await insertAccount(
      tx,
      {
        name: m.businessName,
        email: m.email,
        password: passwords.passwordFor(m.email),
        role: "merchant",
        municipalityId: town(m.town),
        merchant: {
          businessName: m.businessName,
          businessEmail: m.businessEmail,
          vatNumber: m.vatNumber,
          municipalityId: town(m.town),
          category: m.category,
        },
        createdAt: at(-m.daysAgo, 9 + (i % 8), (i * 23) % 60),
      },
      passwords.hashFor(m.email),
    );
    accounts.ids.set(m.key, user.id);
    accounts.ages.set(m.key, m.daysAgo);
    await tx
      .update(merchants)
      .set({
        address: m.address,
        latitude: m.place[0],
        longitude: m.place[1],
        phoneNumber: m.phone,
        websiteUrl: `https://www.${m.domain}`,
        facebookUrl: `https://facebook.example/${m.handle}`,
        instagramUrl: `https://instagram.example/${m.handle}`,
        openingHours: m.hours,
        category: m.category,
        isPremium: m.premium,
        logoUrl: demoImageFor(m.category),
      })
      .where(eq(merchants.id, user.id));
  }
}

/** Days ago something was created: after its owner existed, and before a past date it refers to. */
function createdDays(ownerDays: number, share: number, refersToDays: number) {
  const wanted = Math.max(1, Math.round(ownerDays * share), refersToDays < 0 ? -refersToDays + 7 : 0);
  return Math.max(1, Math.min(wanted, ownerDays - 1));
}

function seedPromotions(tx: DbOrTx, town: (slug: Slug) => string, accounts: Accounts) {
  return tx
    .insert(promotions)
    .values(
      MERCHANTS.flatMap((m) =>
        m.promotions.map((p, i) => ({
          title: p.title,
          description: p.description,
          imageUrl: demoImageFor(m.category),
          merchantId: idOf(accounts, m.key),
          municipalityId: town(m.town),
          isPremium: p.premium ?? false,
          validUntil: isoDate(p.validInDays),
          category: m.category,
          price: p.price ?? null,
          originalPrice: p.originalPrice ?? null,
          ...discountColumns(p.discount),
          termsAndConditions: p.terms.join("\n"),
          createdAt: at(-createdDays(m.daysAgo, 0.8 - i * 0.3, p.validInDays), 9 + i * 3, 15 + i * 10),
        })),
      ),
    )
    .returning({ id: promotions.id, title: promotions.title, merchantId: promotions.merchantId });
}

function seedEvents(tx: DbOrTx, town: (slug: Slug) => string, accounts: Accounts) {
  return tx
    .insert(events)
    .values(
      MERCHANTS.flatMap((m) =>
        m.events.map((e, i) => ({
          title: e.title,
          description: e.description,
          imageUrl: demoImageFor(e.category),
          venue: e.venue,
          time: e.time,
          price: e.price,
          isFeatured: e.featured ?? false,
          startDate: isoDate(e.inDays),
          attendees: e.attendees,
          category: e.category,
          merchantId: idOf(accounts, m.key),
          municipalityId: town(m.town),
          createdAt: at(-createdDays(m.daysAgo, 0.7 - i * 0.3, e.inDays), 11 + i * 2, 5 + i * 20),
        })),
      ),
    )
    .returning({ id: events.id, title: events.title, merchantId: events.merchantId });
}

function seedReports(tx: DbOrTx, town: (slug: Slug) => string, accounts: Accounts) {
  return tx
    .insert(reports)
    .values(
      REPORTS.map((r, i) => ({
        reporterId: idOf(accounts, r.reporter),
        municipalityId: town(r.town),
        type: r.type,
        description: r.description,
        // Replaced by an uploaded photo (seed/images.ts).
        imageUrl: r.image ? DEMO_FALLBACK_IMAGE : null,
        status: r.status,
        latitude: r.place?.lat ?? null,
        longitude: r.place?.lng ?? null,
        locationAccuracy: r.place?.accuracy ?? null,
        placeText: r.place?.text ?? null,
        createdAt: at(-Math.min(r.daysAgo, (accounts.ages.get(r.reporter) ?? 31) - 1), 7 + (i % 14), (i * 13) % 60),
      })),
    )
    .returning({ id: reports.id, type: reports.type, status: reports.status });
}

async function seedSubscriptions(tx: DbOrTx, accounts: Accounts) {
  await tx.insert(subscriptions).values(
    SUBSCRIPTIONS.map((s) => ({
      userId: idOf(accounts, s.merchant),
      tier: s.tier,
      status: s.status,
      startDate: isoDate(s.startDays),
      endDate: s.endDays === undefined ? null : isoDate(s.endDays),
      paymentCustomerId: s.customer ?? null,
      paymentSubscriptionId: s.subscription ?? null,
      monthlyPriceCents: DEMO_MONTHLY_PRICE_CENTS[s.tier],
      createdAt: at(s.startDays, 12),
    })),
  );
}

type Seeded = {
  promotions: Awaited<ReturnType<typeof seedPromotions>>;
  events: Awaited<ReturnType<typeof seedEvents>>;
  reports: Awaited<ReturnType<typeof seedReports>>;
};

function firstOf<T>(rows: T[], pick: (row: T) => boolean, what: string): T {
  const row = rows.find(pick);
  if (!row) throw new Error(`demo seed: missing ${what}`);
  return row;
}

/** An audit trail of what the platform would have logged: towns added, sign-ups, content, moderation. */
async function seedAuditTrail(tx: DbOrTx, town: (slug: Slug) => string, accounts: Accounts, seeded: Seeded) {
  const id = (key: string) => idOf(accounts, key);
  const admin = id("admin");
  const breakfastBox = firstOf(seeded.promotions, (p) => p.title === "Sunday breakfast box for two", "promotion");
  const authorEvening = firstOf(seeded.events, (e) => e.title.startsWith("Author evening"), "event");
  const approved = firstOf(seeded.reports, (r) => r.type === "other_urgent" && r.status === "approved", "report");
  const rejected = firstOf(seeded.reports, (r) => r.type === "urgent" && r.status === "rejected", "report");
  await tx.insert(platformEventLogs).values([
    {
      userId: admin,
      eventType: "municipality.created",
      description: "Genk was added as a municipality",
      metadata: { municipalityId: town("genk"), slug: "genk" },
      createdAt: at(-60, 8, 5),
    },
    {
      userId: admin,
      eventType: "municipality.created",
      description: "Lommel was added as a municipality (inactive)",
      metadata: { municipalityId: town("lommel"), slug: "lommel", isActive: false },
      createdAt: at(-20, 8, 5),
    },
    {
      userId: id("user"),
      eventType: "user.signed_up",
      description: `${DEMO_ACCOUNTS[0].email} registered as user`,
      metadata: { userId: id("user"), role: "user", municipalityId: town("hasselt") },
      createdAt: at(-75, 8, 2),
    },
    {
      userId: id("dagino"),
      eventType: "user.signed_up",
      description: "pizzeria.dagino@demo.buurtplatform.be registered as merchant",
      metadata: { userId: id("dagino"), role: "merchant", municipalityId: town("genk") },
      createdAt: at(-12, 16, 0),
    },
    {
      userId: id("wim"),
      eventType: "user.signed_up",
      description: "wim.goossens@demo.buurtplatform.be registered as user",
      metadata: { userId: id("wim"), role: "user", municipalityId: town("lommel") },
      createdAt: at(-4, 17, 0),
    },
    {
      userId: id("nina"),
      eventType: "user.signed_up",
      description: "nina.schepers@demo.buurtplatform.be registered as user",
      metadata: { userId: id("nina"), role: "user", municipalityId: town("genk") },
      createdAt: at(-2, 15, 0),
    },
    {
      userId: breakfastBox.merchantId,
      eventType: "promotion.created",
      description: `Promotion "${breakfastBox.title}" created`,
      metadata: { promotionId: breakfastBox.id, merchantId: breakfastBox.merchantId },
      createdAt: at(-30, 10, 0),
    },
    {
      userId: authorEvening.merchantId,
      eventType: "event.created",
      description: `Event "${authorEvening.title}" created`,
      metadata: { eventId: authorEvening.id, merchantId: authorEvening.merchantId },
      createdAt: at(-20, 11, 0),
    },
    {
      userId: admin,
      eventType: "report.approved",
      description: "Report approved (other_urgent, Hasselt)",
      metadata: { reportId: approved.id, type: approved.type, status: "approved" },
      createdAt: at(-1, 9, 30),
    },
    {
      userId: admin,
      eventType: "report.rejected",
      description: "Report rejected (urgent, Amsterdam)",
      metadata: { reportId: rejected.id, type: rejected.type, status: "rejected" },
      createdAt: at(-19, 9, 30),
    },
    {
      userId: id("demarkt"),
      eventType: "subscription.created",
      description: "Brasserie De Markt subscribed to the Enterprise tier",
      metadata: { tier: "Enterprise", status: "active" },
      createdAt: at(-50, 12, 0),
    },
    {
      userId: id("vermeulen"),
      eventType: "merchant.updated",
      description: "Bakkerij Vermeulen updated its opening hours",
      metadata: { merchantId: id("vermeulen"), changed: ["opening_hours"] },
      createdAt: at(-40, 18, 0),
    },
  ]);
}

/** Seeds the demo data in one transaction (call on an empty database; a second run changes nothing). */
export async function seedDemo(db: Db): Promise<void> {
  const passwords = await demoPasswords();
  await db.transaction(async (tx) => {
    const town = await seedMunicipalities(tx);
    const accounts: Accounts = { ids: new Map(), ages: new Map() };
    await seedPeople(tx, town, passwords, accounts);
    await seedMerchants(tx, town, passwords, accounts);
    const promotionRows = await seedPromotions(tx, town, accounts);
    const eventRows = await seedEvents(tx, town, accounts);
    // Content in three languages for some rows: seed/translations.ts
    await seedDemoTranslations(tx);
    // Promotion tags, events' practical information and registrations: seed/events.ts
    await seedEventExtras(tx);
    const reportRows = await seedReports(tx, town, accounts);
    await seedSubscriptions(tx, accounts);
    // Reviews of merchants and the demo resident's favourites: seed/reviews.ts
    await seedReviewsAndFavourites(tx);
    // Vouchers claimed and redeemed: seed/vouchers.ts
    await seedDemoVouchers(tx);
    // Towns whose names are not their slugs: seed/towns-with-real-names.ts
    await seedTownsWithRealNames(tx, SHARED_PASSWORD, passwords.sharedHash, demoImageFor);
    await tx.insert(features).values(FEATURES.map((f, i) => ({ ...f, createdAt: at(-90 + i, 9) })));
    await seedAuditTrail(tx, town, accounts, { promotions: promotionRows, events: eventRows, reports: reportRows });
    // Uploaded pictures for every promotion, event, logo and report photo: seed/images.ts.
    await seedDemoImages(tx);
  });
}
