/**
 * The About page's figures: what the platform really holds, counted when asked (two small counts; the page
 * cache keeps a guest's page for its few seconds and any write to these tables ends that).
 */
import { count, eq } from "drizzle-orm";
import { merchants, municipalities } from "@db/schema";
import { getDb } from "~/lib/db/db.server";

export async function platformFigures(): Promise<{ municipalities: number; businesses: number }> {
  const db = await getDb();
  const [[towns], [shops]] = await Promise.all([
    db.select({ n: count() }).from(municipalities).where(eq(municipalities.isActive, true)),
    db.select({ n: count() }).from(merchants),
  ]);
  return { municipalities: Number(towns?.n ?? 0), businesses: Number(shops?.n ?? 0) };
}
