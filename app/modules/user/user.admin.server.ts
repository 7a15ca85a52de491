/** Administrator management of user accounts. Every function is admin only. */
import { authorize } from "~/lib/auth/authorize";
import { and, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import { listTotal } from "~/lib/db/counts.server";
import { merchants, municipalities, users } from "@db/schema";
import type { Role } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { NotFoundError, ValidationError } from "~/lib/http/errors";
import { changedFields } from "~/lib/db/query";
import { type ListQuery, type Page, paging, searchWhere } from "~/lib/forms/list.server";
import { LOOKUP_PAGE_SIZE, type LookupPage } from "~/lib/forms/lookup";
import { DENSE_MATCHES, encodeCursor, estimateRows, lookupPattern } from "~/lib/forms/lookup.server";
import { securityEvent } from "~/lib/log.server";
import { recordEvent } from "~/modules/log/index.server";
import { assertMunicipalityId } from "~/modules/municipality/index.server";
import { can, hasMerchantRecord } from "./user.policy";
import {
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  adminUserCreateSchema,
  adminUserUpdateSchema,
} from "./user.schema";
import { eraseAccount } from "~/modules/privacy/index.server";
import { insertAccount } from "./user.server";

/** The admin panel's user commands (lib/forms/crud.server.ts). */
export function userCommands(actor: Actor): CrudCommands<AdminUserCreateInput, AdminUserUpdateInput> {
  return {
    idKind: "text",
    create: { schema: adminUserCreateSchema, run: (input) => createUser(actor, input) },
    update: { schema: adminUserUpdateSchema, run: (id, input) => updateUser(actor, id, input) },
    remove: (id) => deleteUser(actor, id),
  };
}

/** A user id chosen in a select must exist (a 400 with a field error otherwise). */
export async function assertUserId(id: string, field = "user_id", db?: DbOrTx) {
  const conn = db ?? (await getDb());
  const [row] = await conn.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new ValidationError("validation.invalid", { [field]: "validation.invalid" });
}

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  municipalityName: string | null;
  createdAt: Date;
};

/** All users, newest first, searchable by name, email or role, one page at a time. */
export async function listUsers(actor: Actor | null, query: ListQuery = {}): Promise<Page<AdminUserRow>> {
  authorize(can, actor, "list");
  const db = await getDb();
  const where = searchWhere(query.q, [users.name, users.email, users.role]);
  const { limit, offset } = paging(query);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        municipalityName: municipalities.name,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(municipalities, eq(municipalities.id, users.municipalityId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    listTotal(db, "users", where, () => db.select({ total: count() }).from(users).where(where)),
  ]);
  return { rows: rows.map((r) => ({ ...r, role: r.role as Role })), total };
}

/**
 * The admin picker's users (docs/product.md "select id and email ordered by email for dropdowns"): one page
 * of at most LOOKUP_PAGE_SIZE, ordered by e-mail, whose name or e-mail contains `q` (starts with it, for one or
 * two characters), after the keyset cursor. The trigram indexes on name and e-mail serve a search with few
 * matches, the unique e-mail index one with many (chosen on the planner's estimate).
 */
export async function lookupUsers(
  actor: Actor | null,
  query: { q?: string; after?: { key: string; id: string } | null } = {},
): Promise<LookupPage> {
  authorize(can, actor, "list");
  const db = await getDb();
  const pattern = lookupPattern(query.q);
  const where = and(
    pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
    query.after ? gt(users.email, query.after.key) : undefined,
  );
  // Many matches: read the e-mail index in order. Few: collect them (trigram indexes) and sort (lookup.server.ts).
  const dense = !pattern || (await estimateRows(db, sql`select 1 from ${users} where ${where}`)) > DENSE_MATCHES;
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(where)
    // The same order either way; `|| ''` only keeps the planner from walking the e-mail index.
    .orderBy(dense ? users.email : sql`${users.email} || ''`)
    .limit(LOOKUP_PAGE_SIZE + 1);
  const page = rows.slice(0, LOOKUP_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ id: r.id, label: r.email, detail: r.name })),
    next: rows.length > LOOKUP_PAGE_SIZE && last ? encodeCursor(last.email, last.id) : null,
  };
}

/**
 * Creates a user with a password; a merchant role also creates the merchant record, in one transaction.
 * The role comes only from the administrator's validated form.
 */
export async function createUser(actor: Actor | null, input: AdminUserCreateInput) {
  authorize(can, actor, "create");
  const municipalityId = input.municipality_id;
  await assertMunicipalityId(municipalityId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await insertAccount(tx, {
      name: input.name,
      email: input.email,
      password: input.password,
      role: input.role,
      municipalityId,
      merchant: hasMerchantRecord(input.role)
        ? {
            businessName: input.business_name ?? input.name,
            businessEmail: input.business_email ?? input.email,
            vatNumber: input.vat_number,
          }
        : undefined,
    });
    await recordEvent(
      {
        userId: actor.id,
        eventType: "user.created",
        description: `${actor.email} created the ${input.role} account ${user.email}`,
        metadata: { userId: user.id, role: input.role, merchantCreated: hasMerchantRecord(input.role) },
      },
      tx,
    );
    return user;
  });
}

/**
 * Changes a user's name and role (the email never changes). A role change is logged as
 * "user.role_changed"; a new merchant gets a merchant record so the merchant panel works at once.
 * An administrator cannot change their own role (no accidental lock-out).
 */
export async function updateUser(actor: Actor | null, id: string, input: AdminUserUpdateInput) {
  authorize(can, actor, "update");
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    if (!current) throw new NotFoundError();
    const changed = changedFields(current, { name: input.name, role: input.role });
    const roleChanged = changed.includes("role");
    if (roleChanged && !can(actor, "set-role", current)) {
      throw new ValidationError("admin:users.ownRole", { role: "admin:users.ownRole" });
    }
    const [row] = await tx
      .update(users)
      .set({ name: input.name, role: input.role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    let merchantCreated = false;
    if (roleChanged && hasMerchantRecord(input.role)) {
      const [existing] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id)).limit(1);
      if (!existing) {
        await tx.insert(merchants).values({
          id,
          businessName: input.name,
          businessEmail: current.email,
          municipalityId: current.municipalityId,
        });
        merchantCreated = true;
      }
    }
    await recordEvent(
      {
        userId: actor.id,
        eventType: "user.updated",
        description: `${actor.email} updated the account ${row.email}`,
        metadata: { userId: id, changed },
      },
      tx,
    );
    if (roleChanged) {
      await recordEvent(
        {
          userId: actor.id,
          eventType: "user.role_changed",
          description: `${actor.email} changed the role of ${row.email} from ${current.role} to ${input.role}`,
          metadata: { userId: id, from: current.role, to: input.role, merchantCreated },
        },
        tx,
      );
    }
    return { row, roleChange: roleChanged ? { from: current.role, to: input.role } : null };
  });
  // docs/architecture.md: a role change is also a security event in the request log.
  if (result.roleChange) securityEvent("user.role_changed", { actorId: actor.id, userId: id, ...result.roleChange });
  return result.row;
}

/**
 * Deletes a user on request: the same erasure as "Delete my account" (privacy.server.ts) — their
 * data goes, approved reports stay as "Anonymous", the audit log records the deletion under the
 * administrator's name without the address, the last administrator stays.
 */
export async function deleteUser(actor: Actor | null, id: string) {
  authorize(can, actor, "update");
  // An administrator may delete any account but their own.
  if (!can(actor, "delete", { id })) throw new ValidationError("admin:users.ownDelete");
  await eraseAccount(actor, id, { deleteReports: false }, "admin");
}
