// Bulk generation of the benchmark datasets: set-based SQL (INSERT … SELECT … FROM generate_series), so
// the large dataset (≈455,000 rows) takes seconds on PostgreSQL and well under a few minutes on PGlite.
// Every row respects the check constraints and foreign keys of db/schema/index.ts.
import {
  EVENT_CATEGORIES,
  PROMOTION_CATEGORIES,
  REPORT_TYPES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
} from "./enums.js";

/** Row counts. "small" is the large dataset divided by 100 (municipalities stay 50, reference data). */
export const SIZES = {
  large: { municipalities: 50, merchants: 5000, users: 100_000, promotions: 100_000, events: 50_000, reports: 200_000 },
  small: { municipalities: 50, merchants: 50, users: 1000, promotions: 1000, events: 500, reports: 2000 },
};

export const BENCH_SLUG = "bench";
export const BENCH_USER = { email: "bench-user@bench.test", password: "Bench-User-2026!", name: "Bench User" };
export const BENCH_ADMIN = { email: "bench-admin@bench.test", password: "Bench-Admin-2026!", name: "Bench Admin" };
/** A word that occurs in a share of promotion titles and descriptions, for the filtered search. */
export const SEARCH_WORD = "coffee";
export const SEARCH_CATEGORY = "Food & Drink";

const lit = (s) => `'${String(s).replace(/'/g, "''")}'`;
const arr = (values) => `array[${values.map(lit).join(", ")}]::text[]`;
/** The n-th (0-based, wrapping) element of a literal text array, in SQL. */
const pick = (values, expr) => `(${arr(values)})[1 + ((${expr}) % ${values.length})]`;
/** The deterministic id of municipality k (0 is "bench"). */
const munId = (expr) => `md5('bench-mun-' || (${expr}))::uuid`;

const IMAGE_SLUGS = {
  "Food & Drink": "food-drink",
  Shopping: "shopping",
  "Health & Beauty": "health-beauty",
  Automotive: "automotive",
  "Home & Garden": "home-garden",
  Gaming: "gaming",
  Arts: "arts",
  Music: "music",
  Community: "community",
  Education: "education",
  Restaurants: "restaurants",
  Retail: "retail",
  Sports: "sports",
  Business: "business",
  Workshop: "workshop",
  Festival: "festival",
};
const imageFor = (categories) => categories.map((c) => `/images/demo/${IMAGE_SLUGS[c] ?? "community"}.svg`);

const WORDS = [
  "coffee",
  "bakery",
  "bicycle",
  "garden",
  "market",
  "pizza",
  "books",
  "flowers",
  "repair",
  "yoga",
  "wine",
  "cheese",
  "shoes",
  "music",
  "pottery",
  "tea",
  "chocolate",
  "sushi",
];
const CITY_WORDS = ["Noord", "Zuid", "Oost", "West", "Berg", "Dal", "Veld", "Broek", "Hoven", "Beek"];

/**
 * The statements that fill an empty, migrated database. `n` is a SIZES entry; `hashes` the password
 * hashes of the bench user and admin.
 */
export function datasetSql(n, hashes) {
  const M = n.municipalities;
  const nm = n.merchants;
  const nu = n.users - n.merchants; // residents; merchants are users too
  // Merchant i (1-based) lives in municipality i % M; its promotions and events are in the same one.
  // Categorical columns of rows spread over municipalities by i use i / M, so that every municipality
  // (and "bench" in particular) gets the whole mix of categories, statuses and dates.
  const merchantMun = (i) => `((${i}) % ${M})`;
  return [
    // Municipalities: 0 is "bench"; every 20th other one is inactive.
    `insert into municipalities (id, name, slug, is_active, created_at)
     select ${munId("k")},
            case when k = 0 then 'Bench City' else ${pick(CITY_WORDS, "k")} || 'stad ' || k end,
            case when k = 0 then ${lit(BENCH_SLUG)} else 'city-' || k end,
            k = 0 or k % 20 <> 0,
            now() - make_interval(days => k)
     from generate_series(0, ${M - 1}) k`,

    // Residents.
    `insert into users (id, name, email, email_verified, role, municipality_id, created_at, updated_at)
     select 'bench-u-' || i, 'Resident ' || i, 'user' || i || '@bench.test', i % 3 = 0, 'user',
            case when i % 10 = 0 then null else ${munId(`i % ${M}`)} end,
            now() - make_interval(secs => (i * 97) % 63072000), now()
     from generate_series(1, ${nu}) i`,

    // Merchant users and their merchant rows.
    `insert into users (id, name, email, email_verified, role, municipality_id, created_at, updated_at)
     select 'bench-m-' || i, 'Owner ' || i, 'merchant' || i || '@bench.test', true, 'merchant',
            ${munId(merchantMun("i"))}, now() - make_interval(secs => (i * 331) % 63072000), now()
     from generate_series(1, ${nm}) i`,
    `insert into merchants (id, business_name, business_email, vat_number, logo_url, municipality_id, address,
                            phone_number, website_url, opening_hours, category, is_premium, created_at)
     select 'bench-m-' || i,
            initcap(${pick(WORDS, `(i / ${M}) * 7`)}) || ' ' || ${pick(["Shop", "Corner", "House", "Atelier", "& Co", "Studio"], `i / ${M}`)} || ' ' || i,
            'shop' || i || '@bench.test',
            'BE0' || lpad((100000000 + i)::text, 9, '0'),
            case when i % 4 = 0 then null else ${pick(imageFor(PROMOTION_CATEGORIES), `i / ${M}`)} end,
            ${munId(merchantMun("i"))},
            'Marktstraat ' || (i % 200 + 1),
            '+32 11 ' || lpad((i % 1000000)::text, 6, '0'),
            case when i % 3 = 0 then null else 'https://shop' || i || '.example.com' end,
            '[{"day":"Monday","hours":"09:00 - 18:00"},{"day":"Saturday","hours":"10:00 - 17:00"}]'::jsonb,
            case when (i / ${M}) % 13 = 0 then null else ${pick(PROMOTION_CATEGORIES, `i / ${M}`)} end,
            i % 10 = 0,
            now() - make_interval(secs => (i * 331) % 63072000)
     from generate_series(1, ${nm}) i`,

    // Promotions: merchant 1 + i % nm, in that merchant's municipality; about 1 in 6 expired.
    `insert into promotions (id, title, description, image_url, merchant_id, municipality_id, is_premium, valid_until,
                             category, price, original_price, discount, terms_and_conditions, created_at)
     select md5('bench-promo-' || i)::uuid,
            initcap(${pick(WORDS, `(i / ${M}) * 5 + 3`)}) || ' deal ' || i,
            'Save on ' || ${pick(WORDS, `(i / ${M}) * 11`)} || ' and ' || ${pick(WORDS, `(i / ${M}) * 3 + 1`)} || ' at our shop. Offer number ' || i || '.',
            case when i % 5 = 0 then null else ${pick(imageFor(PROMOTION_CATEGORIES), `i / ${M}`)} end,
            'bench-m-' || (1 + i % ${nm}),
            ${munId(merchantMun(`1 + i % ${nm}`))},
            (i / ${M}) % 15 = 0,
            current_date + ((((i / ${M}) * 37) % 120) - 20),
            case when (i / ${M}) % 17 = 0 then null else ${pick(PROMOTION_CATEGORIES, `i / ${M}`)} end,
            case when i % 2 = 0 then '€' || (5 + i % 95) || ',99' else null end,
            case when i % 2 = 0 then '€' || (10 + i % 95) || ',99' else null end,
            case when i % 3 = 0 then (5 + i % 60) || '%' else null end,
            case when i % 4 = 0 then 'While stocks last.' else null end,
            now() - make_interval(secs => (i * 613) % 31536000)
     from generate_series(1, ${n.promotions}) i`,

    // Events: about 70 % upcoming.
    `insert into events (id, title, description, image_url, venue, time, price, is_featured, start_date, attendees,
                         category, merchant_id, municipality_id, created_at)
     select md5('bench-event-' || i)::uuid,
            initcap(${pick(WORDS, `(i / ${M}) * 13 + 5`)}) || ' evening ' || i,
            'Join us for ' || ${pick(WORDS, `(i / ${M}) * 7 + 2`)} || ' with neighbours. Event number ' || i || '.',
            case when i % 4 = 0 then null else ${pick(imageFor(EVENT_CATEGORIES), `i / ${M}`)} end,
            'Zaal ' || (i % 50 + 1),
            case when i % 6 = 0 then null else lpad((8 + i % 14)::text, 2, '0') || ':' || ${pick(["00", "15", "30", "45"], "i / 7")} end,
            case when i % 3 = 0 then 'Free' else '€' || (i % 30 + 2) end,
            (i / ${M}) % 20 = 0,
            current_date + ((((i / ${M}) * 73) % 200) - 60),
            i % 300,
            ${pick(EVENT_CATEGORIES, `i / ${M}`)},
            'bench-m-' || (1 + (i * 7) % ${nm}),
            ${munId(merchantMun(`1 + (i * 7) % ${nm}`))},
            now() - make_interval(secs => (i * 433) % 31536000)
     from generate_series(1, ${n.events}) i`,

    // Reports: 80 % approved, 12 % pending, 8 % rejected; one in 20 anonymous (reporter deleted).
    `insert into reports (id, reporter_id, municipality_id, type, description, image_url, status, created_at)
     select md5('bench-report-' || i)::uuid,
            case when i % 20 = 0 then null else 'bench-u-' || (1 + i % ${nu}) end,
            ${munId(`i % ${M}`)},
            ${pick(REPORT_TYPES, `i / ${M}`)},
            'Report ' || i || ': ' || ${pick(["broken streetlight", "water leak", "fallen tree", "power cut", "blocked road", "suspicious car"], `i / ${M}`)} || ' near ' || ${pick(CITY_WORDS, "i")} || 'straat ' || (i % 90 + 1) || '.',
            case when i % 7 = 0 then '/images/demo/food-drink.svg' else null end,
            case when (i / ${M}) % 25 < 20 then 'approved' when (i / ${M}) % 25 < 23 then 'pending' else 'rejected' end,
            now() - make_interval(secs => (i * 149) % 31536000)
     from generate_series(1, ${n.reports}) i`,

    // A subscription per merchant (admin pages count them).
    `insert into subscriptions (user_id, tier, status, start_date, end_date, created_at)
     select 'bench-m-' || i, ${pick(SUBSCRIPTION_TIERS, "i")}, ${pick(SUBSCRIPTION_STATUSES, "i")},
            current_date - (i % 300), case when i % 2 = 0 then current_date + 30 else null end,
            now() - make_interval(days => i % 300)
     from generate_series(1, ${nm}) i`,

    // The bench user (resident of "bench") and the bench admin, with credential accounts.
    `insert into users (id, name, email, email_verified, role, municipality_id) values
       ('bench-user', ${lit(BENCH_USER.name)}, ${lit(BENCH_USER.email)}, true, 'user', ${munId("0")}),
       ('bench-admin', ${lit(BENCH_ADMIN.name)}, ${lit(BENCH_ADMIN.email)}, true, 'admin', null)`,
    `insert into accounts (id, account_id, provider_id, user_id, password) values
       ('bench-user-credential', 'bench-user', 'credential', 'bench-user', ${lit(hashes.user)}),
       ('bench-admin-credential', 'bench-admin', 'credential', 'bench-admin', ${lit(hashes.admin)})`,
    // As autovacuum would have it on a live database: statistics and the visibility map (index-only scans).
    "vacuum analyze",
  ];
}

/** Ids the benchmark needs after generation: one valid promotion of "bench". */
export const BENCH_PROMOTION_SQL = `select p.id from promotions p join municipalities m on m.id = p.municipality_id
  where m.slug = ${lit(BENCH_SLUG)} and p.valid_until >= current_date order by p.created_at desc limit 1`;

export const COUNTS_SQL = `select (select count(*) from municipalities)::int as municipalities,
  (select count(*) from users)::int as users, (select count(*) from merchants)::int as merchants,
  (select count(*) from promotions)::int as promotions, (select count(*) from events)::int as events,
  (select count(*) from reports)::int as reports`;
