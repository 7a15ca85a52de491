/**
 * Features: what the platform offers, as the administrators describe them. The admin panel manages them (all,
 * ordered by name); the About page lists them in the reader's language (`listPublicFeatures`).
 */
import { authorize } from "~/lib/auth/authorize";
import { asc, eq } from "drizzle-orm";
import { features } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { getDb } from "~/lib/db/db.server";
import { NotFoundError } from "~/lib/http/errors";
import type { Locale } from "~/lib/i18n";
import { type Localized, localized } from "~/lib/i18n/localized";
import { withTranslationSources } from "~/lib/i18n/translation-sources";
import { translationValues } from "~/lib/i18n/translations.schema";
import { searchWhere } from "~/lib/forms/list.server";
import { changedFields } from "~/lib/db/query";
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

/** The columns a feature form sets (the translations only when posted). */
const valuesOf = (input: FeatureInput) => ({
  name: input.name,
  description: input.description,
  ...translationValues(input),
});

/** A feature as the About page shows it: its name and description in the reader's language, or the original. */
type PublicFeature = { id: string; name: Localized; description: Localized };

/** Every feature for the About page, in the reader's language (public, no actor needed), ordered by that name. */
export async function listPublicFeatures(locale: Locale): Promise<PublicFeature[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: features.id,
      name: features.name,
      description: features.description,
      originalLocale: features.originalLocale,
      translations: features.translations,
    })
    .from(features)
    .orderBy(asc(features.createdAt))
    .limit(50);
  const collator = new Intl.Collator(locale);
  return rows
    .map((row) => ({
      id: row.id,
      name: localized(row, "name", locale),
      description: localized(row, "description", locale),
    }))
    .sort((a, b) => collator.compare(a.name.text ?? "", b.name.text ?? ""));
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
    const [row] = await tx
      .insert(features)
      .values(withTranslationSources(null, valuesOf(input)))
      .returning();
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
    const values = valuesOf(input);
    const changed = changedFields(current, values);
    const [row] = await tx
      .update(features)
      .set(withTranslationSources(current, values, input.translations_checked))
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
