/**
 * Administrator management of merchants. Every function is admin only.
 * A merchant and its account are created together and deleted together, each in one transaction.
 */
import { authorize } from "~/lib/auth/authorize";
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { listTotal } from "~/lib/db/counts.server";
import { merchants, municipalities, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { getDb } from "~/lib/db/db.server";
import { NotFoundError } from "~/lib/http/errors";
import { translationValues } from "~/lib/i18n/translations.schema";
import { withTranslationSources } from "~/lib/i18n/translation-sources";
import { type ListQuery, type Page, paging } from "~/lib/forms/list.server";
import { LOOKUP_PAGE_SIZE, type LookupPage } from "~/lib/forms/lookup";
import { encodeCursor, lookupPattern } from "~/lib/forms/lookup.server";
import { changedFields, likePattern } from "~/lib/db/query";
import { recordEvent } from "~/modules/log/index.server";
import { eraseAccount } from "~/modules/privacy/index.server";
import { attachImage } from "~/modules/media/index.server";
import { assertMunicipalityId } from "~/modules/municipality/index.server";
import { insertAccount } from "~/modules/user/index.server";
import { can } from "./merchant.policy";
import { inSubquery, matches, nameMatches, rowColumns, searchText } from "~/lib/search/search.server";
import {
  type AdminMerchantCreateInput,
  type AdminMerchantUpdateInput,
  adminMerchantCreateSchema,
  adminMerchantUpdateSchema,
} from "./merchant.schema";

/** The admin panel's merchant commands (lib/forms/crud.server.ts). */
export function merchantCommands(actor: Actor): CrudCommands<AdminMerchantCreateInput, AdminMerchantUpdateInput> {
  return {
    idKind: "text",
    create: { schema: adminMerchantCreateSchema, run: (input) => createMerchant(actor, input) },
    update: { schema: adminMerchantUpdateSchema, run: (id, input) => updateMerchant(actor, id, input) },
    remove: (id) => deleteMerchant(actor, id),
  };
}

export type AdminMerchantRow = {
  id: string;
  businessName: string;
  businessEmail: string;
  vatNumber: string | null;
  category: string | null;
  isPremium: boolean;
  logoUrl: string | null;
  municipalityId: string | null;
  municipalityName: string | null;
  userEmail: string;
  userName: string;
  createdAt: Date;
};

/** Merchants with the linked user's email and name, newest first, searchable, one page at a time. */
export async function listMerchants(actor: Actor | null, query: ListQuery = {}): Promise<Page<AdminMerchantRow>> {
  authorize(can, actor, "list-all");
  const db = await getDb();
  // The name and address by full text and trigrams (indexes of migration 0012), the emails and the user's
  // name as substrings.
  const q = searchText(query.q);
  const p = q ? likePattern(q) : "";
  const where = q
    ? or(
        matches(merchants.searchVector, q),
        nameMatches(merchants.businessName, q),
        ilike(merchants.businessEmail, p),
        // The account's email or name: the merchant's id is its user's id.
        inSubquery(
          merchants.id,
          db
            .select({ id: users.id })
            .from(users)
            .where(or(ilike(users.email, p), ilike(users.name, p))),
        ),
      )
    : undefined;
  const { limit, offset } = paging(query);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: merchants.id,
        businessName: merchants.businessName,
        businessEmail: merchants.businessEmail,
        vatNumber: merchants.vatNumber,
        category: merchants.category,
        isPremium: merchants.isPremium,
        logoUrl: merchants.logoUrl,
        municipalityId: merchants.municipalityId,
        municipalityName: municipalities.name,
        description: merchants.description,
        originalLocale: merchants.originalLocale,
        translations: merchants.translations,
        translationSources: merchants.translationSources,
        userEmail: users.email,
        userName: users.name,
        createdAt: merchants.createdAt,
      })
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.id))
      .leftJoin(municipalities, eq(municipalities.id, merchants.municipalityId))
      .where(where)
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(limit)
      .offset(offset),
    listTotal(db, "merchants", where, () =>
      db.select({ total: count() }).from(merchants).innerJoin(users, eq(users.id, merchants.id)).where(where),
    ),
  ]);
  return { rows, total };
}

/**
 * The admin picker's merchants (docs/product.md "id and business_name for dropdowns"): one page of at most
 * LOOKUP_PAGE_SIZE, ordered by business name, whose business name or e-mail contains `q`, after the keyset
 * cursor. The trigram indexes on both columns serve the search.
 */
export async function lookupMerchants(
  actor: Actor | null,
  query: { q?: string; after?: { key: string; id: string } | null } = {},
): Promise<LookupPage> {
  authorize(can, actor, "list-all");
  const db = await getDb();
  const pattern = lookupPattern(query.q);
  const after = query.after;
  const rows = await db
    .select({ id: merchants.id, businessName: merchants.businessName, businessEmail: merchants.businessEmail })
    .from(merchants)
    .where(
      and(
        pattern ? or(ilike(merchants.businessName, pattern), ilike(merchants.businessEmail, pattern)) : undefined,
        after ? sql`(${merchants.businessName}, ${merchants.id}) > (${after.key}, ${after.id})` : undefined,
      ),
    )
    .orderBy(merchants.businessName, merchants.id)
    .limit(LOOKUP_PAGE_SIZE + 1);
  const page = rows.slice(0, LOOKUP_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ id: r.id, label: r.businessName, detail: r.businessEmail })),
    next: rows.length > LOOKUP_PAGE_SIZE && last ? encodeCursor(last.businessName, last.id) : null,
  };
}

/** Creates the account (role merchant) and the merchant record in one transaction; VAT optional. */
export async function createMerchant(actor: Actor | null, input: AdminMerchantCreateInput) {
  authorize(can, actor, "create");
  await assertMunicipalityId(input.municipality_id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await insertAccount(tx, {
      name: input.name,
      email: input.email,
      password: input.password,
      role: "merchant",
      municipalityId: input.municipality_id,
      merchant: {
        businessName: input.business_name,
        businessEmail: input.business_email,
        vatNumber: input.vat_number,
        municipalityId: input.municipality_id,
        category: input.category,
      },
    });
    await recordEvent(
      {
        userId: actor.id,
        eventType: "merchant.created",
        description: `${actor.email} created the merchant ${input.business_name} (${user.email})`,
        metadata: { merchantId: user.id, userId: user.id },
      },
      tx,
    );
    return user;
  });
}

/** Updates the merchant and, when the business name changes, renames the linked user to it (one transaction). */
export async function updateMerchant(actor: Actor | null, id: string, input: AdminMerchantUpdateInput) {
  authorize(can, actor, "update");
  await assertMunicipalityId(input.municipality_id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select(rowColumns(merchants)).from(merchants).where(eq(merchants.id, id)).limit(1);
    if (!current) throw new NotFoundError();
    const next = withTranslationSources(
      current,
      {
        businessName: input.business_name,
        businessEmail: input.business_email,
        vatNumber: input.vat_number,
        municipalityId: input.municipality_id,
        category: input.category,
        isPremium: input.is_premium,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...translationValues(input),
        ...(input.logo_url === undefined ? {} : { logoUrl: input.logo_url }),
      },
      input.translations_checked,
    );
    const changed = changedFields(current, next);
    const [row] = await tx.update(merchants).set(next).where(eq(merchants.id, id)).returning(rowColumns(merchants));
    // A new business name renames the linked user; saving it unchanged leaves the account's own name alone.
    if (current.businessName !== input.business_name)
      await tx.update(users).set({ name: input.business_name, updatedAt: new Date() }).where(eq(users.id, id));
    // An uploaded logo becomes the merchant's; a replaced one is deleted.
    if (input.logo_url !== undefined) await attachImage(tx, actor, { kind: "merchant", id, ownerId: id }, row.logoUrl);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "merchant.updated",
        description: `${actor.email} updated the merchant ${row.businessName}`,
        metadata: { merchantId: id, changed },
      },
      tx,
    );
    return row;
  });
}

/** Removes the merchant record with its account (one transaction: both go or neither). */
export async function deleteMerchant(actor: Actor | null, id: string) {
  authorize(can, actor, "delete");
  if (id === actor.id) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  // The same erasure as the users panel and "Delete my account" (the business, its promotions and
  // events go with the account; the audit log records the deletion under the administrator's name).
  await eraseAccount(actor, id, { deleteReports: false }, "admin");
}
