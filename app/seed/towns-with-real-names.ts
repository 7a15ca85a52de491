/**
 * Demo municipalities whose names are not their slugs: accents, apostrophes, hyphens and
 * spaces, as real Belgian and Dutch names are ("Liège" at /liege, "'s-Hertogenbosch" at /s-hertogenbosch).
 * Each is active with three merchants and two promotions each, written in the town's language (Dutch or
 * French) so the demo and the tests exercise the landing search and the language-aware search ("café",
 * "bakkerijen", "fleuriste"). Called by seedDemo inside its transaction; fixed data, dates relative to today.
 */
import { discountColumns } from "~/modules/promotion";
import { eq } from "drizzle-orm";
import { merchants, municipalities, promotions } from "@db/schema";
import type { PromotionCategory } from "@db/schema";
import type { Tx } from "~/lib/db/db.server";
import { insertAccount } from "~/modules/user/index.server";

type Offer = { title: string; description: string; price?: string; originalPrice?: string; discount?: string };
type Shop = {
  key: string;
  businessName: string;
  category: PromotionCategory;
  address: string;
  /** Where the shop is on the map (its pin, at the address). */
  place: [lat: number, lng: number];
  phone: string;
  hours: { day: string; hours: string }[];
  premium?: boolean;
  offers: [Offer, Offer];
};
type Town = {
  slug: string;
  name: string;
  domain: string;
  /** The real centre (main square) and a zoom that shows the town: where its maps open. */
  center: [lat: number, lng: number, zoom: number];
  shops: [Shop, Shop, Shop];
};

const WEEK_NL = [
  { day: "Maandag - Zaterdag", hours: "09:00 - 18:00" },
  { day: "Zondag", hours: "Gesloten" },
];
const WEEK_FR = [
  { day: "Lundi - Samedi", hours: "09:00 - 18:30" },
  { day: "Dimanche", hours: "Fermé" },
];

const TOWNS_WITH_REAL_NAMES: Town[] = [
  {
    slug: "liege",
    name: "Liège",
    domain: "liege",
    center: [50.6326, 5.5797, 13],
    shops: [
      {
        key: "liege-cafe",
        businessName: "Café de la Batte",
        category: "Restaurants",
        address: "Quai de la Batte 8, 4000 Liège",
        place: [50.64338, 5.57935],
        phone: "+32 4 221 10 10",
        hours: WEEK_FR,
        premium: true,
        offers: [
          {
            title: "Boulets à la liégeoise et frites",
            description: "Nos boulets maison à la sauce lapin, servis avec des frites fraîches et une salade.",
            price: "€16,50",
            originalPrice: "€19,00",
          },
          {
            title: "Café gourmand du dimanche",
            description: "Un café accompagné de trois mignardises : gaufre de Liège, tarte au riz et macaron.",
            discount: "15% de réduction",
          },
        ],
      },
      {
        key: "liege-fleurs",
        businessName: "Fleuriste Les Coteaux",
        category: "Home & Garden",
        address: "Rue Hors-Château 41, 4000 Liège",
        place: [50.64614, 5.57704],
        phone: "+32 4 223 45 67",
        hours: WEEK_FR,
        offers: [
          {
            title: "Bouquet de fleurs de saison",
            description: "Un bouquet composé par notre fleuriste avec les fleurs du marché de la Batte.",
            price: "€25,00",
          },
          {
            title: "Plantes vertes à moitié prix",
            description: "Fougères, monsteras et ficus : toutes les plantes d'intérieur à -50 %.",
            discount: "50% de réduction",
          },
        ],
      },
      {
        key: "liege-boulangerie",
        businessName: "Boulangerie Saint-Pholien",
        category: "Food & Drink",
        address: "Boulevard de la Constitution 22, 4020 Liège",
        place: [50.6393, 5.58864],
        phone: "+32 4 342 12 12",
        hours: WEEK_FR,
        offers: [
          {
            title: "Gaufres de Liège par six",
            description: "Six gaufres au sucre perlé, cuites ce matin dans notre boulangerie.",
            price: "€7,20",
            originalPrice: "€9,00",
          },
          {
            title: "Pain au levain du jour",
            description: "Notre pain au levain naturel, pétri à la main.",
            price: "€3,80",
          },
        ],
      },
    ],
  },
  {
    slug: "s-hertogenbosch",
    name: "'s-Hertogenbosch",
    domain: "den-bosch",
    center: [51.6978, 5.3037, 13],
    shops: [
      {
        key: "bosch-bakkerij",
        businessName: "Bakkerij Jan de Groot",
        category: "Food & Drink",
        address: "Stationsweg 24, 5211 TW 's-Hertogenbosch",
        place: [51.69083, 5.29589],
        phone: "+31 73 613 37 92",
        hours: WEEK_NL,
        premium: true,
        offers: [
          {
            title: "Bossche bollen voor het hele gezin",
            description: "Vier echte Bossche bollen met slagroom en chocolade, vers uit onze bakkerijen.",
            price: "€9,80",
            originalPrice: "€11,60",
          },
          {
            title: "Broodjes van de bakker",
            description: "Zes zachte broodjes en een krentenbol, elke ochtend vers gebakken.",
            discount: "20% korting",
          },
        ],
      },
      {
        key: "bosch-fiets",
        businessName: "Fietsenmaker De Binnendieze",
        category: "Automotive",
        address: "Hinthamerstraat 105, 5211 MH 's-Hertogenbosch",
        place: [51.68864, 5.30852],
        phone: "+31 73 614 22 10",
        hours: WEEK_NL,
        offers: [
          {
            title: "Onderhoudsbeurt voor je fiets",
            description: "Remmen, versnellingen en banden nagekeken en afgesteld, klaar terwijl u wacht.",
            price: "€39,00",
            originalPrice: "€49,00",
          },
          { title: "Winterbanden gemonteerd", description: "Twee winterbanden met montage.", discount: "10% korting" },
        ],
      },
      {
        key: "bosch-boek",
        businessName: "Boekhandel Van Kooten",
        category: "Education",
        address: "Markt 50, 5211 JX 's-Hertogenbosch",
        place: [51.68808, 5.30351],
        phone: "+31 73 612 40 40",
        hours: WEEK_NL,
        offers: [
          {
            title: "Tweede boek half geld",
            description: "Bij aankoop van twee romans betaalt u voor het tweede boek de helft.",
            discount: "50% korting",
          },
          {
            title: "Voorleesmiddag voor kinderen",
            description: "Kinderboeken met korting na het voorlezen.",
            price: "€5,00",
          },
        ],
      },
    ],
  },
  {
    slug: "sint-niklaas",
    name: "Sint-Niklaas",
    domain: "sint-niklaas",
    center: [51.165, 4.1437, 14],
    shops: [
      {
        key: "sn-bakkerij",
        businessName: "Bakkerij 't Waasland",
        category: "Food & Drink",
        address: "Grote Markt 31, 9100 Sint-Niklaas",
        place: [51.16582, 4.14262],
        phone: "+32 3 776 12 34",
        hours: WEEK_NL,
        offers: [
          {
            title: "Speculaas uit eigen bakkerij",
            description: "Krokante speculaas volgens het recept van onze grootvader, per kilo.",
            price: "€12,00",
            originalPrice: "€14,50",
          },
          {
            title: "Zondagse taartjes",
            description: "Vier verse taartjes naar keuze uit de toonbank van onze bakkerijen.",
            discount: "15% korting",
          },
        ],
      },
      {
        key: "sn-kapper",
        businessName: "Kapsalon Mercator",
        category: "Health & Beauty",
        address: "Stationsstraat 12, 9100 Sint-Niklaas",
        place: [51.16757, 4.14034],
        phone: "+32 3 777 45 45",
        hours: WEEK_NL,
        premium: true,
        offers: [
          { title: "Knippen en brushen", description: "Wassen, knippen en brushen bij onze kappers.", price: "€32,00" },
          {
            title: "Kleuring met verzorging",
            description: "Een volledige kleuring met een verzorgend masker.",
            discount: "20% korting",
          },
        ],
      },
      {
        key: "sn-tuin",
        businessName: "Tuincentrum De Ster",
        category: "Home & Garden",
        address: "Hazewindstraat 3, 9100 Sint-Niklaas",
        place: [51.16365, 4.13928],
        phone: "+32 3 766 80 80",
        hours: WEEK_NL,
        offers: [
          {
            title: "Bloembollen voor het voorjaar",
            description: "Tulpen, narcissen en krokussen: zakken van 50 bloembollen.",
            price: "€8,50",
            originalPrice: "€10,00",
          },
          {
            title: "Potgrond per drie zakken",
            description: "Drie zakken potgrond van 40 liter.",
            discount: "25% korting",
          },
        ],
      },
    ],
  },
  {
    slug: "ecaussinnes",
    name: "Écaussinnes",
    domain: "ecaussinnes",
    center: [50.5633, 4.1765, 14],
    shops: [
      {
        key: "eca-brasserie",
        businessName: "Brasserie du Château",
        category: "Restaurants",
        address: "Rue de Marche 2, 7190 Écaussinnes",
        place: [50.56296, 4.17731],
        phone: "+32 67 44 21 21",
        hours: WEEK_FR,
        offers: [
          {
            title: "Menu du goûter matrimonial",
            description: "Entrée, plat et dessert en l'honneur du célèbre goûter d'Écaussinnes.",
            price: "€29,00",
            originalPrice: "€34,00",
          },
          {
            title: "Bière de la région offerte",
            description: "Une bière locale offerte avec chaque plat.",
            discount: "1 offerte",
          },
        ],
      },
      {
        key: "eca-fleurs",
        businessName: "Fleurs et Jardins d'Écaussinnes",
        category: "Home & Garden",
        address: "Grand-Place 9, 7190 Écaussinnes",
        place: [50.56402, 4.17559],
        phone: "+32 67 44 56 56",
        hours: WEEK_FR,
        premium: true,
        offers: [
          {
            title: "Composition florale pour la fête",
            description: "Une composition de roses et de pivoines par votre fleuriste du village.",
            price: "€35,00",
          },
          {
            title: "Rosiers à planter",
            description: "Rosiers anciens en pot, prêts à planter.",
            discount: "30% de réduction",
          },
        ],
      },
      {
        key: "eca-garage",
        businessName: "Garage de la Sennette",
        category: "Automotive",
        address: "Chaussée de Mons 120, 7190 Écaussinnes",
        place: [50.55812, 4.16927],
        phone: "+32 67 44 90 90",
        hours: WEEK_FR,
        offers: [
          {
            title: "Contrôle avant l'hiver",
            description: "Batterie, pneus, freins et liquides vérifiés.",
            price: "€45,00",
            originalPrice: "€60,00",
          },
          {
            title: "Pneus d'hiver montés",
            description: "Montage et équilibrage de quatre pneus.",
            discount: "10% de réduction",
          },
        ],
      },
    ],
  },
  {
    slug: "la-louviere",
    name: "La Louvière",
    domain: "la-louviere",
    center: [50.4798, 4.187, 13],
    shops: [
      {
        key: "lal-cafe",
        businessName: "Café du Canal",
        category: "Restaurants",
        address: "Rue Sylvain Guyaux 30, 7100 La Louvière",
        place: [50.47831, 4.18514],
        phone: "+32 64 22 33 33",
        hours: WEEK_FR,
        offers: [
          {
            title: "Petit-déjeuner au bord du canal",
            description: "Café, croissant, pain et confiture maison, servis en terrasse.",
            price: "€11,00",
            originalPrice: "€13,50",
          },
          {
            title: "Café et dessert du jour",
            description: "Un café et la tarte du jour.",
            discount: "20% de réduction",
          },
        ],
      },
      {
        key: "lal-pharmacie",
        businessName: "Pharmacie de la Louve",
        category: "Health & Beauty",
        address: "Place Jules Mansart 4, 7100 La Louvière",
        place: [50.47939, 4.18791],
        phone: "+32 64 22 70 70",
        hours: WEEK_FR,
        premium: true,
        offers: [
          {
            title: "Crèmes solaires : la deuxième à moitié prix",
            description: "Sur toute la gamme de protections solaires pour adultes et enfants.",
            discount: "50% sur la deuxième",
          },
          {
            title: "Conseil peau gratuit",
            description: "Un diagnostic de peau offert avec tout achat.",
            price: "€0,00",
          },
        ],
      },
      {
        key: "lal-librairie",
        businessName: "Librairie Le Boch",
        category: "Shopping",
        address: "Rue Albert Ier 15, 7100 La Louvière",
        place: [50.48105, 4.18438],
        phone: "+32 64 21 18 18",
        hours: WEEK_FR,
        offers: [
          {
            title: "Bandes dessinées d'occasion",
            description: "Trois bandes dessinées d'occasion au prix de deux.",
            price: "€20,00",
            originalPrice: "€30,00",
          },
          {
            title: "Carnets et papeterie",
            description: "Carnets, stylos et agendas de la rentrée.",
            discount: "25% de réduction",
          },
        ],
      },
    ],
  },
];

const DAY = 86_400_000;
const daysFromNow = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return days <= 0 && d.getTime() > Date.now() ? new Date(Date.now() - 60_000) : d;
};
const isoDate = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/**
 * Inserts the towns, their merchants (accounts with the given password and its hash) and promotions;
 * `imageFor` is the demo picture of a category.
 */
export async function seedTownsWithRealNames(
  tx: Tx,
  password: string,
  passwordHash: string,
  imageFor: (category: string) => string,
): Promise<void> {
  const towns = await tx
    .insert(municipalities)
    .values(
      TOWNS_WITH_REAL_NAMES.map((t) => ({
        name: t.name,
        slug: t.slug,
        isActive: true,
        createdAt: daysFromNow(-30, 8),
        centerLat: t.center[0],
        centerLng: t.center[1],
        mapZoom: t.center[2],
      })),
    )
    .returning({ id: municipalities.id, slug: municipalities.slug });
  const townId = new Map(towns.map((t) => [t.slug, t.id]));
  const offers: (typeof promotions.$inferInsert)[] = [];
  for (const [ti, town] of TOWNS_WITH_REAL_NAMES.entries()) {
    const municipalityId = townId.get(town.slug) ?? null;
    for (const [si, shop] of town.shops.entries()) {
      const email = `${shop.key}@demo.buurtplatform.be`;
      const user = await insertAccount(
        tx,
        {
          name: shop.businessName,
          email,
          password,
          role: "merchant",
          municipalityId,
          merchant: {
            businessName: shop.businessName,
            businessEmail: `info@${shop.key}.example`,
            vatNumber: `BE 0${700 + ti}.${100 + si}.${300 + ti * 3 + si}`,
            municipalityId,
            category: shop.category,
          },
          createdAt: daysFromNow(-28 + si, 9 + si),
        },
        passwordHash,
      );
      await tx
        .update(merchants)
        .set({
          address: shop.address,
          latitude: shop.place[0],
          longitude: shop.place[1],
          phoneNumber: shop.phone,
          websiteUrl: `https://www.${shop.key}.example`,
          openingHours: shop.hours,
          category: shop.category,
          isPremium: shop.premium ?? false,
          logoUrl: imageFor(shop.category),
        })
        .where(eq(merchants.id, user.id));
      for (const [oi, offer] of shop.offers.entries()) {
        offers.push({
          title: offer.title,
          description: offer.description,
          imageUrl: imageFor(shop.category),
          merchantId: user.id,
          municipalityId,
          isPremium: !!shop.premium && oi === 0,
          validUntil: isoDate(12 + ti * 3 + si * 2 + oi * 5),
          category: shop.category,
          price: offer.price ?? null,
          originalPrice: offer.originalPrice ?? null,
          ...discountColumns(offer.discount),
          termsAndConditions:
            town.slug === "s-hertogenbosch" || town.slug === "sint-niklaas"
              ? "Zolang de voorraad strekt."
              : "Dans la limite des stocks disponibles.",
          createdAt: daysFromNow(-(20 - si * 3 - oi), 11 + oi),
        });
      }
    }
  }
  await tx.insert(promotions).values(offers);
}
