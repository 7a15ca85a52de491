/**
 * The footer newsletter (issue #13): double opt-in. Subscribing stores the address as pending and mails a
 * confirmation link (signed, valid 7 days); only confirmed addresses receive the weekly digest of the
 * municipality they chose. The answer to the form is the same whether the address was new, pending or
 * confirmed, so the form tells nobody who is subscribed.
 */
import { and, eq, sql } from "drizzle-orm";
import { newsletterSubscriptions, users } from "@db/schema";
import { baseUrl } from "~/lib/auth.server";
import { type DbOrTx, getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/errors";
import type { Locale } from "~/lib/i18n";
import { signToken, verifyToken } from "~/lib/tokens.server";
import { recordEvent } from "../log/log.server";
import { queueTemplateMail } from "../mail/compose.server";
import { findActiveMunicipality } from "../municipality/municipality.server";
import type { NewsletterInput } from "./notification.schema";

export const CONFIRM_PURPOSE = "news-confirm";
const CONFIRM_VALID_SEC = 7 * 24 * 3600;

export async function confirmUrl(subscriptionId: string, db?: DbOrTx): Promise<string> {
  const token = await signToken(CONFIRM_PURPOSE, subscriptionId, { expiresInSec: CONFIRM_VALID_SEC, db });
  return `${baseUrl()}/newsletter/confirm?token=${token}`;
}

/**
 * Stores (or refreshes) a pending subscription and queues the confirmation mail in the visitor's language.
 * A confirmed address gets no new mail; a pending one gets at most one confirmation mail per hour.
 */
export async function subscribeNewsletter(input: NewsletterInput, locale: Locale): Promise<void> {
  const town = await findActiveMunicipality(input.municipality);
  if (!town) {
    throw new ValidationError("footer.newsletter.municipalityRequired", {
      municipality: "footer.newsletter.municipalityRequired",
    });
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email: input.email, municipalityId: town.id, locale, userId: account?.id ?? null })
      .onConflictDoUpdate({
        target: [newsletterSubscriptions.email, newsletterSubscriptions.municipalityId],
        // A pending row takes the language of the latest request; a confirmed one keeps everything.
        set: {
          locale: sql`case when ${newsletterSubscriptions.status} = 'pending' then excluded.locale else ${newsletterSubscriptions.locale} end`,
        },
      })
      .returning();
    if (row.status === "confirmed") return;
    const hour = Math.floor(Date.now() / 3_600_000);
    await queueTemplateMail(
      "newsletterConfirm",
      {
        to: row.email,
        locale: row.locale,
        data: { municipalityName: town.name, confirmUrl: await confirmUrl(row.id, tx) },
        dedupeKey: `newsletter-confirm:${row.id}:${hour}`,
      },
      tx,
    );
  });
}

export type ConfirmResult =
  | { status: "confirmed" | "already"; municipalityName: string; municipalitySlug: string }
  | { status: "invalid" };

/** The confirmation link: idempotent (a second click says it was already confirmed). */
export async function confirmNewsletter(token: string | null): Promise<ConfirmResult> {
  const id = await verifyToken(CONFIRM_PURPOSE, token);
  if (!id) return { status: "invalid" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: newsletterSubscriptions.id,
        status: newsletterSubscriptions.status,
        municipalityId: newsletterSubscriptions.municipalityId,
        municipalityName: sql<string>`(select name from municipalities m where m.id = ${newsletterSubscriptions.municipalityId})`,
        municipalitySlug: sql<string>`(select slug from municipalities m where m.id = ${newsletterSubscriptions.municipalityId})`,
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .limit(1);
    if (!row) return { status: "invalid" } as const;
    if (row.status === "confirmed") {
      return {
        status: "already",
        municipalityName: row.municipalityName,
        municipalitySlug: row.municipalitySlug,
      } as const;
    }
    await tx
      .update(newsletterSubscriptions)
      .set({ status: "confirmed", confirmedAt: new Date() })
      .where(and(eq(newsletterSubscriptions.id, id), eq(newsletterSubscriptions.status, "pending")));
    await recordEvent(
      {
        userId: null,
        eventType: "newsletter.confirmed",
        description: `A newsletter subscription for ${row.municipalityName} was confirmed`,
        metadata: { municipalityId: row.municipalityId },
      },
      tx,
    );
    return {
      status: "confirmed",
      municipalityName: row.municipalityName,
      municipalitySlug: row.municipalitySlug,
    } as const;
  });
}
