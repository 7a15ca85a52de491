/**
 * The footer newsletter: double opt-in. Subscribing stores the address as pending and mails a
 * confirmation link (signed, valid 7 days); only confirmed addresses receive the weekly digest of the
 * municipality they chose.
 *
 * The form's answer is the same whether the address was new, pending, confirmed or over its limit, and it comes
 * before anything about the address is looked up: the row, the limit and the mail follow in the background
 * (as a password-reset request does), so neither the answer nor its timing tells anyone about the address.
 *
 * Confirmation mails are capped per address, whatever the municipality: at most NEWSLETTER_CONFIRM_LIMIT.mails
 * in a 24-hour window (and one per municipality per hour), counted under a keyed hash of the normalised address
 * (lower case, "+tag" removed) in `newsletter_confirm_limits`, so the form cannot be used to flood an inbox.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { mailOutbox, municipalities, newsletterSubscriptions, users } from "@db/schema";
import { baseUrl, getAuthSecret } from "~/lib/auth/auth.server";
import { runInBackground } from "~/lib/jobs/background.server";
import { ignoreWritesTo } from "~/lib/cache/cache.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import type { Locale } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { signToken, verifyToken } from "~/lib/mail/tokens.server";
import { recordEvent } from "~/modules/log/index.server";
import { queueTemplateMail } from "~/modules/mail/index.server";
import { findActiveMunicipality } from "~/modules/municipality/index.server";
import type { NewsletterInput } from "./notification.schema";

export const CONFIRM_PURPOSE = "news-confirm";
const CONFIRM_VALID_SEC = 7 * 24 * 3600;

/** Confirmation mails one address may be sent, across municipalities, per window. */
export const NEWSLETTER_CONFIRM_LIMIT = { mails: 3, windowHours: 24 } as const;

// Counters only: no page shows them.
ignoreWritesTo("newsletter_confirm_limits");

/**
 * The address the limit counts: lower case, and the local part without its "+tag" (most providers deliver
 * `ann+1@example.org` to `ann@example.org`).
 */
export function normaliseAddress(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

/** Keyed with the auth secret, so the key is the same in every process and names no address. */
export async function newsletterLimitKey(email: string): Promise<string> {
  const secret = await getAuthSecret();
  return crypto
    .createHmac("sha256", secret)
    .update(`newsletter:${normaliseAddress(email)}`)
    .digest("base64url");
}

/**
 * Takes one confirmation mail of the address's window, or answers false when the window's mails are used.
 * One statement, so two processes never both take the last one.
 */
async function takeConfirmSlot(tx: DbOrTx, key: string): Promise<boolean> {
  const window = `${NEWSLETTER_CONFIRM_LIMIT.windowHours} hours`;
  const result = (await tx.execute(sql`
    insert into newsletter_confirm_limits as l (key, sent, window_ends_at)
    values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      sent = case when l.window_ends_at <= now() then 1 else l.sent + 1 end,
      window_ends_at = case when l.window_ends_at <= now() then now() + ${window}::interval else l.window_ends_at end
    where l.window_ends_at <= now() or l.sent < ${NEWSLETTER_CONFIRM_LIMIT.mails}
    returning sent`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Forgets the address's count (the account with that address is erased). */
export async function forgetNewsletterLimit(email: string): Promise<void> {
  const key = await newsletterLimitKey(email);
  const db = await getDb();
  await db.execute(sql`delete from newsletter_confirm_limits where key = ${key}`);
}

async function confirmUrl(subscriptionId: string, db?: DbOrTx): Promise<string> {
  const token = await signToken(CONFIRM_PURPOSE, subscriptionId, { expiresInSec: CONFIRM_VALID_SEC, db });
  return `${baseUrl()}/newsletter/confirm?token=${token}`;
}

async function newsletterTown(slug: string) {
  const town = await findActiveMunicipality(slug);
  if (!town) {
    throw new ValidationError("footer.newsletter.municipalityRequired", {
      municipality: "footer.newsletter.municipalityRequired",
    });
  }
  return town;
}

/**
 * The form's request: checks the municipality (the same answer for every address), then leaves the rest to
 * the background, so the answer is given before anything about the address is read or written.
 */
export async function requestNewsletter(input: NewsletterInput, locale: Locale): Promise<void> {
  await newsletterTown(input.municipality);
  runInBackground("newsletter-subscribe", () => subscribeNewsletter(input, locale));
}

type SubscribeOutcome = "queued" | "confirmed" | "recent" | "limited";

/**
 * Stores (or refreshes) a pending subscription and queues the confirmation mail in the visitor's language.
 * A confirmed address gets no new mail; a pending one gets at most one confirmation mail per hour, and an
 * address (normalised) at most NEWSLETTER_CONFIRM_LIMIT.mails a day over every municipality.
 */
export async function subscribeNewsletter(input: NewsletterInput, locale: Locale): Promise<SubscribeOutcome> {
  const town = await newsletterTown(input.municipality);
  // Before the transaction: the key may read the stored auth secret, and the embedded database's one
  // connection would wait for this transaction to end first.
  const limitKey = await newsletterLimitKey(input.email);
  const db = await getDb();
  return db.transaction(async (tx): Promise<SubscribeOutcome> => {
    const hour = Math.floor(Date.now() / 3_600_000);
    const dedupeKeyOf = (id: string) => `newsletter-confirm:${id}:${hour}`;
    const [existing] = await tx
      .select({ id: newsletterSubscriptions.id, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.email, input.email), eq(newsletterSubscriptions.municipalityId, town.id)))
      .limit(1);
    if (existing?.status === "confirmed") return "confirmed";
    if (existing) {
      const [recent] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, dedupeKeyOf(existing.id)))
        .limit(1);
      if (recent) {
        // The mail of this hour stands; the pending row takes the language of the latest request.
        await tx
          .update(newsletterSubscriptions)
          .set({ locale })
          .where(and(eq(newsletterSubscriptions.id, existing.id), eq(newsletterSubscriptions.status, "pending")));
        return "recent";
      }
    }
    // Over the limit nothing is stored: no row, no mail.
    if (!(await takeConfirmSlot(tx, limitKey))) {
      log("info", "newsletter confirmation mail limit reached", { municipalityId: town.id });
      return "limited";
    }
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
    if (row.status === "confirmed") return "confirmed";
    await queueTemplateMail(
      "newsletterConfirm",
      {
        to: row.email,
        locale: row.locale,
        data: { municipalityName: town.name, confirmUrl: await confirmUrl(row.id, tx) },
        dedupeKey: dedupeKeyOf(row.id),
      },
      tx,
    );
    return "queued";
  });
}

type ConfirmResult =
  | { status: "confirmed" | "already"; municipalityName: string; municipalitySlug: string }
  | { status: "invalid" };

type ConfirmationState =
  | { status: "pending" | "already"; municipalityName: string; municipalitySlug: string }
  | { status: "invalid" };

/**
 * What a confirmation link would confirm, read only: the page opened from the mail shows it with a button, so
 * a mail scanner or a link preview that fetches the link (GET or HEAD) confirms nothing.
 */
export async function describeNewsletterConfirmation(token: string | null): Promise<ConfirmationState> {
  const id = await verifyToken(CONFIRM_PURPOSE, token);
  if (!id) return { status: "invalid" };
  const db = await getDb();
  const [row] = await db
    .select({
      status: newsletterSubscriptions.status,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
    })
    .from(newsletterSubscriptions)
    .innerJoin(municipalities, eq(municipalities.id, newsletterSubscriptions.municipalityId))
    .where(eq(newsletterSubscriptions.id, id))
    .limit(1);
  if (!row) return { status: "invalid" };
  return {
    status: row.status === "confirmed" ? "already" : "pending",
    municipalityName: row.municipalityName,
    municipalitySlug: row.municipalitySlug,
  };
}

/** The confirmation (the page's button, a POST): idempotent (a second click says it was already confirmed). */
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
