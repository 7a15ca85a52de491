/** Municipalities: public lookups and administrator changes. */
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { municipalities } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { invalidateCaches, shortCache } from "~/lib/cache/cache.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { nameKey } from "~/lib/search/name-key";
import { isUuid } from "~/lib/db/query";
import { DEFAULT_CENTRE } from "~/lib/geo/geo";
import { type MapView, mapViewOf } from "~/lib/geo/tiles";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import type { Locale } from "~/lib/i18n";
import { localizedText, slugAliases } from "~/lib/i18n/localized";
import { isReservedSlug } from "~/lib/http/routes-reserved";
import { translationValues } from "~/lib/i18n/translations.schema";
import { withTranslationSources } from "~/lib/i18n/translation-sources";
import { recordEvent } from "~/modules/log/index.server";
import { attachImage } from "~/modules/media/index.server";
import { can } from "./municipality.policy";
import { type MunicipalityInput, municipalitySchema } from "./municipality.schema";

export type MunicipalityRow = typeof municipalities.$inferSelect;
export type MunicipalityOption = {
  id: string;
  name: string;
  slug: string;
  /** Its names in the other languages as slugs (/bruxelles for /brussel): a search finds it by any of them. */
  aliases?: string[];
};

/** The option of a municipality, named in `locale` when given. */
function optionOf(m: MunicipalityRow, locale?: Locale): MunicipalityOption {
  return {
    id: m.id,
    name: locale ? (localizedText(m, "name", locale) ?? m.name) : m.name,
    slug: m.slug,
    aliases: slugAliases(m),
  };
}

/**
 * Every municipality, ordered by name, from one query kept for a few seconds (cache.server.ts): the table is
 * small and read by almost every page (the municipality in the URL, the signed-in user's town).
 */
const directory = shortCache<MunicipalityRow[]>({ max: 1 });

function allMunicipalities(): Promise<MunicipalityRow[]> {
  return directory.get("all", async () => {
    const db = await getDb();
    return db.select().from(municipalities).orderBy(asc(municipalities.name));
  });
}

/** A lookup in the directory; a miss reads the table again, so a municipality added a moment ago is found. */
async function findInDirectory(match: (m: MunicipalityRow) => boolean): Promise<MunicipalityRow | null> {
  const hit = (await allMunicipalities()).find(match);
  if (hit) return hit;
  directory.clear();
  return (await allMunicipalities()).find(match) ?? null;
}

/** Names in the order people expect: accents and a leading "'s-" aside ("Écaussinnes" under E). */
const collator = new Intl.Collator("nl", { sensitivity: "base", ignorePunctuation: true });
const byName = (a: MunicipalityOption, b: MunicipalityOption) => collator.compare(a.name, b.name);

/** The footer's contact details of the active towns that have their own (by slug and its aliases). */
export async function townContacts(): Promise<{ slugs: string[]; email: string | null; address: string | null }[]> {
  return (await allMunicipalities())
    .filter((m) => m.isActive && (m.contactEmail || m.postalAddress))
    .map((m) => ({ slugs: [m.slug, ...slugAliases(m)], email: m.contactEmail, address: m.postalAddress }));
}

/** Active municipalities ordered by name (landing search, registration), named in `locale` when given. */
export async function listActiveMunicipalities(locale?: Locale): Promise<MunicipalityOption[]> {
  return (await allMunicipalities())
    .filter((m) => m.isActive)
    .map((m) => optionOf(m, locale))
    .sort(byName);
}

/** All municipalities ordered by name (profile picker, admin), named in `locale` when given. */
export async function listAllMunicipalities(locale?: Locale): Promise<(MunicipalityOption & { isActive: boolean })[]> {
  const options = (await allMunicipalities()).map((m) => ({ ...optionOf(m, locale), isActive: m.isActive }));
  return locale ? options.sort(byName) : options;
}

/** Where a municipality's maps open: its centre and zoom, or the middle of Belgium (no centre, no municipality). */
export async function municipalityMapView(id: string | null): Promise<MapView> {
  const row = id ? await findInDirectory((m) => m.id === id) : null;
  return row ? mapViewOf(row) : { ...DEFAULT_CENTRE };
}

/** Rows with the address of their public page (`/promotions/<slug>/<id>`), or null without a municipality. */
export async function withPublicPaths<Row extends { id: string; municipalityId: string | null }>(
  list: "promotions" | "events",
  rows: Row[],
): Promise<(Row & { publicPath: string | null })[]> {
  const slugs = new Map((await allMunicipalities()).map((m) => [m.id, m.slug]));
  return rows.map((r) => {
    const slug = r.municipalityId ? slugs.get(r.municipalityId) : undefined;
    return { ...r, publicPath: slug ? `/${list}/${slug}/${r.id}` : null };
  });
}

/**
 * A municipality by its slug or one of its aliases (its name in another language as a slug: /bruxelles for
 * /brussel). The row's `slug` is the canonical one: callers redirect an alias to it.
 */
async function findBySlugOrAlias(slug: string): Promise<MunicipalityRow | null> {
  if (!slug || slug.length > 120) return null;
  const wanted = slug.toLowerCase();
  return (
    (await findInDirectory((m) => m.slug === wanted)) ??
    (await allMunicipalities()).find((m) => slugAliases(m).includes(wanted)) ??
    null
  );
}

/** An active municipality by slug or alias, or null (unknown and inactive look the same to the public). */
export async function findActiveMunicipality(slug: string): Promise<MunicipalityRow | null> {
  const row = await findBySlugOrAlias(slug);
  return row?.isActive ? row : null;
}

/** A municipality by slug or alias whether active or not (a resident may still stop alerts of one made inactive). */
export async function findMunicipalityAnyStatus(slug: string): Promise<MunicipalityRow | null> {
  return findBySlugOrAlias(slug);
}

/** The least trigram similarity (0..1) of a typed name to count as a near miss of an active municipality. */
const NEAR_MISS_SIMILARITY = 0.45;

/**
 * The active municipality a typed name means (landing search): its name or slug, accents, case,
 * spaces and punctuation aside ("liege", "LIÈGE", "s hertogenbosch"); else the only one whose name contains
 * the text; else the closest name by trigram similarity (search_key() of migration 0012, GIN-indexed), if
 * close enough ("Louviere" -> La Louvière). Null when nothing fits (the landing then shows /404).
 */
export async function resolveActiveMunicipality(text: string): Promise<MunicipalityRow | null> {
  const key = nameKey(text.slice(0, 200));
  if (!key) return null;
  const active = (await allMunicipalities()).filter((m) => m.isActive);
  const exact = active.find((m) => nameKey(m.name) === key || nameKey(m.slug) === key);
  if (exact) return exact;
  if (key.length >= 3) {
    const containing = active.filter((m) => nameKey(m.name).includes(key));
    if (containing.length === 1) return containing[0];
  }
  if (key.length < 3) return null;
  const db = await getDb();
  const similarity = sql<number>`similarity(search_key(${municipalities.name}), ${key})`;
  const [near] = await db
    .select({ id: municipalities.id, similarity })
    .from(municipalities)
    .where(and(eq(municipalities.isActive, true), sql`search_key(${municipalities.name}) % ${key}`))
    .orderBy(desc(similarity), asc(municipalities.name))
    .limit(1);
  if (!near || Number(near.similarity) < NEAR_MISS_SIMILARITY) return null;
  return active.find((m) => m.id === near.id) ?? null;
}

export async function findMunicipalitySlugById(id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  return (await findInDirectory((m) => m.id === id))?.slug ?? null;
}

/** Administrators: every municipality (active or not) ordered by name, optionally searched by name or slug. */
export async function listMunicipalitiesForAdmin(
  actor: Actor | null,
  query: { q?: string } = {},
): Promise<MunicipalityRow[]> {
  if (!can(actor, "list-all")) throw new ForbiddenError();
  const db = await getDb();
  const q = query.q?.trim().slice(0, 100);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select()
    .from(municipalities)
    .where(pattern ? or(ilike(municipalities.name, pattern), ilike(municipalities.slug, pattern)) : undefined)
    .orderBy(asc(municipalities.name))
    .limit(1000);
}

/** A municipality id chosen in a select must exist (a 400 with a field error otherwise); blank is none. */
export async function assertMunicipalityId(id: string | null, field = "municipality_id", db?: DbOrTx) {
  if (!id) return;
  const invalid = new ValidationError("validation.invalid", { [field]: "validation.invalid" });
  if (!isUuid(id)) throw invalid;
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, id))
    .limit(1);
  if (!row) throw invalid;
}

/** The admin panel's municipality commands (lib/forms/crud.server.ts). */
export function municipalityCommands(actor: Actor): CrudCommands<MunicipalityInput> {
  return {
    idKind: "uuid",
    create: { schema: municipalitySchema, run: (input) => createMunicipality(actor, input) },
    update: { schema: municipalitySchema, run: (id, input) => updateMunicipality(actor, id, input) },
    remove: (id) => deleteMunicipality(actor, id),
  };
}

function assertSlugAllowed(slug: string) {
  if (isReservedSlug(slug)) throw new ValidationError("validation.slugReserved", { slug: "validation.slugReserved" });
}

/** The slug and the aliases of the names must not be another municipality's slug or alias. */
async function assertSlugFree(input: MunicipalityInput, exceptId?: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.slug, input.slug))
    .limit(1);
  if (row && row.id !== exceptId) throw new ValidationError("validation.slugTaken", { slug: "validation.slugTaken" });
  directory.clear();
  const mine = new Set([input.slug, ...slugAliases({ ...input, translations: input.translations ?? {} })]);
  const clash = (await allMunicipalities()).find(
    (m) => m.id !== exceptId && [m.slug, ...slugAliases(m)].some((s) => mine.has(s)),
  );
  if (clash) throw new ValidationError("validation.slugTaken", { slug: "validation.slugTaken" });
}

/** The footer contact columns a form posted (a field it did not post stays as it is). */
function contactValues(input: MunicipalityInput) {
  return {
    ...(input.contact_email === undefined ? {} : { contactEmail: input.contact_email?.toLowerCase() ?? null }),
    ...(input.postal_address === undefined ? {} : { postalAddress: input.postal_address }),
  };
}

/** The map columns a form posted (a field it did not post stays as it is). */
function mapValues(input: MunicipalityInput) {
  return {
    ...(input.center_lat === undefined ? {} : { centerLat: input.center_lat }),
    ...(input.center_lng === undefined ? {} : { centerLng: input.center_lng }),
    ...(input.map_zoom === undefined ? {} : { mapZoom: input.map_zoom }),
  };
}

/** The columns a municipality form sets. */
function municipalityValues(input: MunicipalityInput) {
  return {
    name: input.name,
    slug: input.slug,
    isActive: input.is_active,
    logoUrl: input.logo_url,
    ...contactValues(input),
    ...mapValues(input),
    ...translationValues(input),
  };
}

export async function createMunicipality(actor: Actor | null, input: MunicipalityInput): Promise<MunicipalityRow> {
  if (!actor || !can(actor, "create")) throw new ForbiddenError();
  assertSlugAllowed(input.slug);
  await assertSlugFree(input);
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(municipalities)
        .values(withTranslationSources(null, municipalityValues(input)))
        .returning();
      // An uploaded logo becomes the municipality's (kept by the administrator who saved it).
      await attachImage(tx, actor, { kind: "municipality", id: row.id, ownerId: actor.id }, row.logoUrl);
      await recordEvent(
        {
          userId: actor?.id ?? null,
          eventType: "municipality.created",
          description: `Municipality ${row.name} (${row.slug}) created`,
          metadata: { municipalityId: row.id, slug: row.slug, isActive: row.isActive },
        },
        tx,
      );
      return row;
    })
    .finally(invalidateCaches);
}

export async function updateMunicipality(
  actor: Actor | null,
  id: string,
  input: MunicipalityInput,
): Promise<MunicipalityRow> {
  if (!actor || !can(actor, "update")) throw new ForbiddenError();
  assertSlugAllowed(input.slug);
  await assertSlugFree(input, id);
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(municipalities).where(eq(municipalities.id, id)).limit(1);
      if (!before) throw new NotFoundError();
      const [row] = await tx
        .update(municipalities)
        .set(withTranslationSources(before, municipalityValues(input), input.translations_checked))
        .where(eq(municipalities.id, id))
        .returning();
      if (!row) throw new NotFoundError();
      // A new upload becomes the logo; a replaced one is deleted.
      await attachImage(tx, actor, { kind: "municipality", id: row.id, ownerId: actor.id }, row.logoUrl);
      await recordEvent(
        {
          userId: actor?.id ?? null,
          eventType: "municipality.updated",
          description: `Municipality ${row.name} (${row.slug}) updated`,
          metadata: { municipalityId: row.id, slug: row.slug, isActive: row.isActive },
        },
        tx,
      );
      return row;
    })
    .finally(invalidateCaches);
}

export async function deleteMunicipality(actor: Actor | null, id: string): Promise<void> {
  if (!can(actor, "delete")) throw new ForbiddenError();
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      const [row] = await tx.delete(municipalities).where(eq(municipalities.id, id)).returning();
      if (!row) throw new NotFoundError();
      await recordEvent(
        {
          userId: actor?.id ?? null,
          eventType: "municipality.deleted",
          description: `Municipality ${row.name} (${row.slug}) deleted`,
          metadata: { municipalityId: row.id, slug: row.slug },
        },
        tx,
      );
    })
    .finally(invalidateCaches);
}
