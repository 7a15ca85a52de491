/** Features: all ordered by name; admin only. */
import { authorize } from "~/lib/auth/authorize";
import { asc, eq } from "drizzle-orm";
import { features } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { getDb } from "~/lib/db/db.server";
import { NotFoundError } from "~/lib/http/errors";
import { searchWhere } from "~/lib/forms/list.server";
import { recordEvent } from "~/modules/log/index.server";
import { can } from "./feature.policy";
import { type FeatureInput, featureSchema } from "./feature.schema";

export type FeatureRow = typeof features.$inferSelect;

/** The admin panel's feature commands (lib/forms/crud.server.ts). */
export function featureCommands(actor: Actor): CrudCommands<FeatureInput> {
  return {
    idKind: "uuid",
    create: { schema: featureSchema, run: (input) => createFeature(actor, input) },
    update: { schema: featureSchema, run: (id, input) => updateFeature(actor, id, input) },
    remove: (id) => deleteFeature(actor, id),
  };
}

export async function listFeatures(actor: Actor | null, query: { q?: string } = {}): Promise<FeatureRow[]> {
  authorize(can, actor, "list");
  const db = await getDb();
  return db
    .select()
    .from(features)
    .where(searchWhere(query.q, [features.name, features.description]))
    .orderBy(asc(features.name))
    .limit(500);
}

export async function createFeature(actor: Actor | null, input: FeatureInput) {
  authorize(can, actor, "create");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(features).values({ name: input.name, description: input.description }).returning();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "feature.created",
        description: `${actor.email} created the feature ${row.name}`,
        metadata: { featureId: row.id },
      },
      tx,
    );
    return row;
  });
}

export async function updateFeature(actor: Actor | null, id: string, input: FeatureInput) {
  authorize(can, actor, "update");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(features).where(eq(features.id, id)).limit(1);
    if (!current) throw new NotFoundError();
    const changed = [
      ...(current.name !== input.name ? ["name"] : []),
      ...(current.description !== input.description ? ["description"] : []),
    ];
    const [row] = await tx
      .update(features)
      .set({ name: input.name, description: input.description })
      .where(eq(features.id, id))
      .returning();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "feature.updated",
        description: `${actor.email} updated the feature ${row.name}`,
        metadata: { featureId: id, changed },
      },
      tx,
    );
    return row;
  });
}

export async function deleteFeature(actor: Actor | null, id: string) {
  authorize(can, actor, "delete");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(features).where(eq(features.id, id)).returning();
    if (!row) throw new NotFoundError();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "feature.deleted",
        description: `${actor.email} deleted the feature ${row.name}`,
        metadata: { featureId: id },
      },
      tx,
    );
  });
}
