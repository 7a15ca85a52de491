/**
 * Commands and panel lists of the rows a merchant owns, promotions and events alike, for the merchant and
 * the admin panels. Who may do what is the entity's policy (merchant/owned.policy.ts underneath):
 *
 * - an actor who may "choose-merchant" (an administrator) posts the owner (merchant_id) and the entity's
 *   owner fields; the municipality always comes from the chosen merchant's record;
 * - anyone else acts as the merchant it is: merchant_id is its id from the session and, on create, the
 *   municipality (and the entity's defaults, such as a promotion's category and premium flag) come from its
 *   merchant record; posted owner fields are ignored. A row of another merchant is answered as not
 *   found, and nothing changes.
 */
import { type SQL, and, count, desc, eq, getTableName, or } from "drizzle-orm";
import { merchants, type events, type promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { touches } from "~/lib/cache/cache.server";
import { type CountedTable, listTotal } from "~/lib/db/counts.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { NotFoundError, ValidationError } from "~/lib/http/errors";
import { authorize } from "~/lib/auth/authorize";
import type { ListQuery, Page } from "~/lib/forms/list.server";
import { changedFields, isUuid } from "~/lib/db/query";
import type { TranslationInput } from "~/lib/i18n/translations.schema";
import { withTranslationSources } from "~/lib/i18n/translation-sources";
import { recordEvent } from "~/modules/log/index.server";
import type { GalleryInput } from "~/modules/media";
import { attachImage, saveGallery } from "~/modules/media/index.server";
import { type MerchantSummary, merchantRecordOf, ownMerchantRecord } from "./merchant.server";
import type { OwnedAction } from "./owned.policy";
import { inSubquery, matches, nameMatches, rowColumns, searchText } from "~/lib/search/search.server";

type OwnedTable = typeof promotions | typeof events;
type Values = Record<string, unknown>;

type OwnedEntity<Row, Input> = {
  table: OwnedTable;
  /** Audit event types ("promotion.created") and the id's metadata key ("promotionId"). */
  name: "promotion" | "event";
  counted: CountedTable;
  /** The entity's not-found message. */
  notFound: string;
  /** The message of the form that chooses the merchant when its merchant does not exist. */
  required: string;
  can: (actor: Actor | null, action: OwnedAction, row?: { merchantId: string }) => boolean;
  /** The fields every actor sets. */
  content: (input: Input) => Values;
  /** The owner fields posted by an actor who may choose the merchant. */
  chosenOwner: (actor: Actor, input: Input) => { merchantId: string } & Values;
  /** What a merchant's own new row takes from its record. */
  ownDefaults: (record: MerchantSummary) => Values;
  _row?: Row;
};

// Both tables have the columns used here (id, merchant_id, municipality_id, title, created_at).
const tableOf = (entity: OwnedEntity<unknown, never>) => entity.table as typeof promotions;

/** The owner columns of a write: the chosen merchant's, or nothing (update) / the record's (create). */
async function ownerValues<Input>(
  entity: OwnedEntity<unknown, Input>,
  actor: Actor,
  input: Input,
  tx: DbOrTx,
  creating: boolean,
): Promise<Values> {
  if (entity.can(actor, "choose-merchant")) {
    const chosen = entity.chosenOwner(actor, input);
    const record = await merchantRecordOf(chosen.merchantId, tx);
    if (!record) throw new ValidationError(entity.required, { merchant_id: "validation.invalid" });
    return { ...chosen, municipalityId: record.municipalityId };
  }
  const record = await ownMerchantRecord(actor, tx);
  return creating
    ? { merchantId: record.id, municipalityId: record.municipalityId, ...entity.ownDefaults(record) }
    : {};
}

/** The row if the actor may act on it; otherwise not found (another merchant's row is not revealed). */
async function ownedRow(
  entity: OwnedEntity<unknown, never>,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  action: "update" | "delete",
) {
  if (!isUuid(id)) throw new NotFoundError(entity.notFound);
  const table = tableOf(entity);
  const [row] = await tx.select(rowColumns(table)).from(table).where(eq(table.id, id)).limit(1);
  if (!row || !entity.can(actor, action, row)) throw new NotFoundError(entity.notFound);
  return row;
}

/** The audit log line of a write ("promotion.created", with the row's id under "promotionId"). */
function audit(
  entity: OwnedEntity<unknown, never>,
  actor: Actor,
  tx: DbOrTx,
  verb: string,
  row: { id: string; title: string },
  metadata: Values,
) {
  return recordEvent(
    {
      userId: actor.id,
      eventType: `${entity.name}.${verb}`,
      description: `${entity.name === "event" ? "Event" : "Promotion"} "${row.title}" ${verb}`,
      metadata: { [`${entity.name}Id`]: row.id, ...metadata },
    },
    tx,
  );
}

/** The gallery a form posted (media.gallery.ts), or undefined when the form has none: keep the stored one. */
const galleryOf = (input: unknown) => (input as GalleryInput).gallery;

/** The languages whose translations the form confirmed as still right (lib/i18n/translation-sources.ts). */
const checkedOf = (input: unknown) => (input as TranslationInput).translations_checked;

/** The actor's own rows, newest first (merchant panel). */
async function listOwn<Row>(entity: OwnedEntity<Row, never>, actor: Actor | null): Promise<Row[]> {
  authorize(entity.can, actor, "list-own");
  const db = await getDb();
  await ownMerchantRecord(actor, db);
  const table = tableOf(entity);
  const rows = await db
    .select(rowColumns(table))
    .from(table)
    .where(eq(table.merchantId, actor.id))
    .orderBy(desc(table.createdAt), desc(table.id));
  return rows as Row[];
}

/** Every row with its merchant's business name, newest first, searchable and paged (admin panel). */
async function listAll<Row>(
  entity: OwnedEntity<Row, never>,
  actor: Actor | null,
  query: ListQuery & { pageSize: number; offset: number },
): Promise<Page<Row & { businessName: string | null }>> {
  authorize(entity.can, actor, "list-all");
  const db = await getDb();
  const table = tableOf(entity);
  // Full-text over the row's texts (GIN on search_vector), or its merchant's name (trigrams).
  const q = searchText(query.q);
  const where = q
    ? (or(
        matches(table.searchVector, q),
        inSubquery(
          table.merchantId,
          db.select({ id: merchants.id }).from(merchants).where(nameMatches(merchants.businessName, q)),
        ),
      ) as SQL)
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ row: rowColumns(table), businessName: merchants.businessName })
      .from(table)
      .leftJoin(merchants, eq(merchants.id, table.merchantId))
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(query.pageSize)
      .offset(query.offset),
    listTotal(db, entity.counted, where, () =>
      db.select({ total: count() }).from(table).leftJoin(merchants, eq(merchants.id, table.merchantId)).where(where),
    ),
  ]);
  return { rows: rows.map((r) => ({ ...(r.row as Row), businessName: r.businessName })), total };
}

async function create<Row, Input>(entity: OwnedEntity<Row, Input>, actor: Actor | null, input: Input): Promise<Row> {
  authorize(entity.can, actor, "create");
  const db = await getDb();
  const table = tableOf(entity);
  return db.transaction(async (tx) => {
    const owner = await ownerValues(entity, actor, input, tx, true);
    // Only this municipality's pages (and the lists of all municipalities) show the new row.
    touches(getTableName(table), owner.municipalityId as string | null);
    const [row] = await tx
      .insert(table)
      .values(withTranslationSources(null, { ...entity.content(input), ...owner }) as typeof table.$inferInsert)
      .returning(rowColumns(table));
    // An uploaded image becomes this row's (and its merchant's).
    await attachImage(tx, actor, { kind: entity.name, id: row.id, ownerId: row.merchantId }, row.imageUrl);
    await saveGallery(tx, actor, { kind: entity.name, id: row.id, ownerId: row.merchantId }, galleryOf(input));
    await audit(entity, actor, tx, "created", row, { merchantId: row.merchantId, municipalityId: row.municipalityId });
    return row as Row;
  });
}

async function update<Row, Input>(
  entity: OwnedEntity<Row, Input>,
  actor: Actor | null,
  id: string,
  input: Input,
): Promise<Row> {
  authorize(entity.can, actor, "list-own");
  const db = await getDb();
  const table = tableOf(entity);
  return db.transaction(async (tx) => {
    const owner = await ownerValues(entity, actor, input, tx, false);
    const before = await ownedRow(entity, tx, actor, id, "update");
    const values = withTranslationSources(before, { ...entity.content(input), ...owner }, checkedOf(input));
    touches(
      getTableName(table),
      before.municipalityId,
      (owner.municipalityId as string | null) ?? before.municipalityId,
    );
    const [row] = await tx
      .update(table)
      .set(values)
      .where(and(eq(table.id, before.id), eq(table.merchantId, before.merchantId)))
      .returning(rowColumns(table));
    if (!row) throw new NotFoundError(entity.notFound);
    // The new image is attached; a replaced upload is deleted.
    await attachImage(tx, actor, { kind: entity.name, id: row.id, ownerId: row.merchantId }, row.imageUrl);
    await saveGallery(tx, actor, { kind: entity.name, id: row.id, ownerId: row.merchantId }, galleryOf(input));
    await audit(entity, actor, tx, "updated", row, {
      merchantId: row.merchantId,
      changed: changedFields(before as Values, values),
    });
    return row as Row;
  });
}

async function remove(entity: OwnedEntity<unknown, never>, actor: Actor | null, id: string): Promise<void> {
  authorize(entity.can, actor, "list-own");
  const db = await getDb();
  const table = tableOf(entity);
  await db.transaction(async (tx) => {
    if (!entity.can(actor, "choose-merchant")) await ownMerchantRecord(actor, tx);
    const before = await ownedRow(entity, tx, actor, id, "delete");
    touches(getTableName(table), before.municipalityId);
    const [row] = await tx
      .delete(table)
      .where(and(eq(table.id, before.id), eq(table.merchantId, before.merchantId)))
      .returning({ id: table.id, title: table.title, merchantId: table.merchantId });
    if (!row) throw new NotFoundError(entity.notFound);
    await audit(entity, actor, tx, "deleted", row, { merchantId: row.merchantId });
  });
}

/** The panel lists and the create/update/delete commands of one entity a merchant owns. */
export function ownedCommands<Row, Input>(entity: OwnedEntity<Row, Input>) {
  return {
    listOwn: (actor: Actor | null) => listOwn(entity, actor),
    listAll: (actor: Actor | null, query: ListQuery & { pageSize: number; offset: number }) =>
      listAll(entity, actor, query),
    create: (actor: Actor | null, input: Input) => create(entity, actor, input),
    update: (actor: Actor | null, id: string, input: Input) => update(entity, actor, id, input),
    remove: (actor: Actor | null, id: string) => remove(entity, actor, id),
  };
}
