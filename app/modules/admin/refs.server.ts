/** Checks that ids chosen in admin selects point at existing rows (a 400 with a field error otherwise). */
import { eq } from "drizzle-orm";
import { municipalities, users } from "@db/schema";
import { type DbOrTx, getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/query";

export async function assertMunicipalityId(id: string | null, field = "municipality_id", db?: DbOrTx) {
  if (!id) return;
  const conn = db ?? (await getDb());
  const invalid = new ValidationError("validation.invalid", { [field]: "validation.invalid" });
  if (!isUuid(id)) throw invalid;
  const [row] = await conn
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, id))
    .limit(1);
  if (!row) throw invalid;
}

export async function assertUserId(id: string, field = "user_id", db?: DbOrTx) {
  const conn = db ?? (await getDb());
  const [row] = await conn.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new ValidationError("validation.invalid", { [field]: "validation.invalid" });
}
