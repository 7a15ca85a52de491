/**
 * Following a municipality: a signed-in resident chooses, per municipality, urgent reports as they
 * are approved and/or a weekly digest. Every function acts on the actor's own rows only.
 */
import { authorize } from "~/lib/auth/authorize";
import { and, asc, eq } from "drizzle-orm";
import { municipalities, municipalityFollows } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { recordEvent } from "~/modules/log/index.server";
import { can } from "./notification.policy";
import type { FollowInput } from "./notification.schema";

type FollowRow = {
  id: string;
  municipalityId: string;
  municipalityName: string;
  municipalitySlug: string;
  urgentAlerts: boolean;
  weeklyDigest: boolean;
};

const columns = {
  id: municipalityFollows.id,
  municipalityId: municipalityFollows.municipalityId,
  municipalityName: municipalities.name,
  municipalitySlug: municipalities.slug,
  urgentAlerts: municipalityFollows.urgentAlerts,
  weeklyDigest: municipalityFollows.weeklyDigest,
};

/** The actor's follows, by municipality name. */
export async function listFollows(actor: Actor | null): Promise<FollowRow[]> {
  authorize(can, actor, "follow");
  const db = await getDb();
  return db
    .select(columns)
    .from(municipalityFollows)
    .innerJoin(municipalities, eq(municipalities.id, municipalityFollows.municipalityId))
    .where(eq(municipalityFollows.userId, actor.id))
    .orderBy(asc(municipalities.name));
}

/** The actor's follow of one municipality, or null. */
export async function findFollow(actor: Actor | null, municipalityId: string): Promise<FollowRow | null> {
  authorize(can, actor, "follow");
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(municipalityFollows)
    .innerJoin(municipalities, eq(municipalities.id, municipalityFollows.municipalityId))
    .where(and(eq(municipalityFollows.userId, actor.id), eq(municipalityFollows.municipalityId, municipalityId)))
    .limit(1);
  return row ?? null;
}

/**
 * Saves the actor's choice for a municipality: creates or updates the follow; choosing neither alert removes
 * it. Only active municipalities can be followed (an existing follow of one made inactive can still be
 * changed or removed). Returns "saved" or "removed".
 */
export async function saveFollow(actor: Actor | null, input: FollowInput): Promise<"saved" | "removed"> {
  authorize(can, actor, "follow");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [town] = await tx
      .select({ id: municipalities.id, name: municipalities.name, isActive: municipalities.isActive })
      .from(municipalities)
      .where(eq(municipalities.id, input.municipalityId))
      .limit(1);
    if (!town) throw new ValidationError("validation.invalid", { municipalityId: "validation.invalid" });
    const mine = and(
      eq(municipalityFollows.userId, actor.id),
      eq(municipalityFollows.municipalityId, input.municipalityId),
    );
    if (!input.urgentAlerts && !input.weeklyDigest) {
      const removed = await tx.delete(municipalityFollows).where(mine).returning({ id: municipalityFollows.id });
      if (removed.length) {
        await recordEvent(
          {
            userId: actor.id,
            eventType: "follow.removed",
            description: `A resident stopped following ${town.name}`,
            metadata: { municipalityId: town.id },
          },
          tx,
        );
      }
      return "removed";
    }
    const [existing] = await tx.select({ id: municipalityFollows.id }).from(municipalityFollows).where(mine).limit(1);
    if (!existing && !town.isActive)
      throw new ValidationError("validation.invalid", { municipalityId: "validation.invalid" });
    await tx
      .insert(municipalityFollows)
      .values({
        userId: actor.id,
        municipalityId: town.id,
        urgentAlerts: input.urgentAlerts,
        weeklyDigest: input.weeklyDigest,
      })
      .onConflictDoUpdate({
        target: [municipalityFollows.userId, municipalityFollows.municipalityId],
        set: { urgentAlerts: input.urgentAlerts, weeklyDigest: input.weeklyDigest },
      });
    await recordEvent(
      {
        userId: actor.id,
        eventType: existing ? "follow.updated" : "follow.created",
        description: `A resident ${existing ? "changed their alerts for" : "follows"} ${town.name}`,
        metadata: { municipalityId: town.id, urgentAlerts: input.urgentAlerts, weeklyDigest: input.weeklyDigest },
      },
      tx,
    );
    return "saved";
  });
}
