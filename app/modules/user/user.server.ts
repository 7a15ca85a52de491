/** Accounts: creation (registration, admin, seed), the profile, and the role lookups. */
import { panelHomeFor } from "~/lib/http/panels";
import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { accounts, merchants, municipalities, newsletterSubscriptions, sessions, users } from "@db/schema";
import type { Role } from "@db/schema";
import { touches } from "~/lib/cache/cache.server";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { DEFAULT_LOCALE, type Locale, isLocale } from "~/lib/i18n";
import { checkCurrentPassword } from "~/lib/auth/password.server";
import { recordEvent } from "~/modules/log/index.server";
import { assertNewPassword } from "./password-strength.server";
import { sendVerificationMail } from "./email-verification.server";
import { can, hasMerchantRecord } from "./user.policy";
import type { ProfileInput, RegisterInput } from "./user.schema";

type MerchantFields = {
  businessName: string;
  businessEmail: string;
  vatNumber: string | null;
  municipalityId?: string | null;
  category?: string | null;
};

type NewAccount = {
  name: string;
  email: string;
  password: string;
  role: Role;
  municipalityId: string | null;
  merchant?: MerchantFields;
  createdAt?: Date;
  /** The language of the request that created the account (mails go out in it). */
  locale?: Locale;
  /**
   * Whether the address is known to be the person's. Only self-registration starts unverified (and gets a
   * verification mail); accounts an administrator or the seed creates are taken as verified.
   */
  emailVerified?: boolean;
};

async function emailTaken(email: string, db?: DbOrTx): Promise<boolean> {
  const conn = db ?? (await getDb());
  const [row] = await conn.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return !!row;
}

/**
 * Creates the user, its credential account and (for merchants) the merchant record in the caller's
 * transaction, so an account never exists half-made. Callers check permissions first.
 */
export async function insertAccount(tx: DbOrTx, input: NewAccount, passwordHash?: string) {
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(email, tx))
    throw new ValidationError("validation.emailTaken", { email: "validation.emailTaken" });
  const id = crypto.randomUUID();
  // A given hash (the demo seed, test factories) was made from a password chosen by the project itself.
  if (!passwordHash) assertNewPassword(input.password, [email, input.name, input.merchant?.businessName]);
  const hash = passwordHash ?? (await hashPassword(input.password));
  const createdAt = input.createdAt ?? new Date();
  touches("users", input.municipalityId);
  if (input.merchant) touches("merchants", input.merchant.municipalityId ?? input.municipalityId);
  const [user] = await tx
    .insert(users)
    .values({
      id,
      name: input.name,
      email,
      role: input.role,
      municipalityId: input.municipalityId,
      locale: input.locale ?? DEFAULT_LOCALE,
      emailVerified: input.emailVerified ?? true,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  // Newsletter subscriptions made with this address before the account existed belong to it now (and are
  // deleted with it).
  await tx
    .update(newsletterSubscriptions)
    .set({ userId: id })
    .where(and(eq(newsletterSubscriptions.email, email), isNull(newsletterSubscriptions.userId)));
  await tx.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: hash,
    createdAt,
    updatedAt: createdAt,
  });
  if (input.merchant) {
    await tx.insert(merchants).values({
      id,
      businessName: input.merchant.businessName,
      businessEmail: input.merchant.businessEmail.toLowerCase(),
      vatNumber: input.merchant.vatNumber,
      municipalityId: input.merchant.municipalityId ?? input.municipalityId,
      category: input.merchant.category ?? null,
      createdAt,
    });
  }
  return user;
}

/** Public registration: the role comes from the account type (user or merchant), never from the form. */
export async function registerAccount(input: RegisterInput, locale: Locale = DEFAULT_LOCALE) {
  const db = await getDb();
  const [municipality] = await db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(and(eq(municipalities.id, input.municipalityId), eq(municipalities.isActive, true)))
    .limit(1);
  if (!municipality) {
    throw new ValidationError("account:register.errors.required", { municipalityId: "validation.invalid" });
  }
  const role: Role = input.accountType === "merchant" ? "merchant" : "user";
  return db.transaction(async (tx) => {
    const user = await insertAccount(tx, {
      name: input.name,
      email: input.email,
      password: input.password,
      role,
      municipalityId: input.municipalityId,
      locale,
      emailVerified: false,
      merchant: hasMerchantRecord(role)
        ? {
            businessName: input.businessName ?? input.name,
            businessEmail: input.businessEmail ?? input.email,
            vatNumber: input.vatNumber,
          }
        : undefined,
    });
    await recordEvent(
      {
        userId: user.id,
        eventType: "user.signed_up",
        description: `${user.email} registered as ${role}`,
        metadata: { userId: user.id, role, municipalityId: input.municipalityId },
      },
      tx,
    );
    // The link to prove the address goes out with the account (queued in this transaction).
    await sendVerificationMail(user.id, tx);
    return user;
  });
}

type Profile = {
  id: string;
  email: string;
  name: string;
  role: Role;
  municipalityId: string | null;
  emailVerified: boolean;
};

export async function getProfile(actor: Actor | null): Promise<Profile> {
  if (!actor) throw new ForbiddenError("account:profile.errors.notLoggedIn");
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      municipalityId: users.municipalityId,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row || !can(actor, "read-own", row)) throw new NotFoundError("account:profile.errors.notLoggedIn");
  return { ...row, role: row.role as Role };
}

/**
 * docs/product.md profile: name, municipality and password are each saved only when changed. A new password needs
 * the current one and follows the one password rule; `onPasswordChanged` runs after it is stored (the owner
 * is told by email).
 */
export async function updateProfile(
  actor: Actor | null,
  input: ProfileInput,
  onPasswordChanged?: (user: { email: string; name: string }) => void,
): Promise<{ changed: string[] }> {
  const current = await getProfile(actor);
  const changes: { name?: string; municipalityId?: string | null } = {};
  if (input.name !== current.name) changes.name = input.name;
  if (input.municipalityId !== current.municipalityId) {
    if (input.municipalityId) {
      const db = await getDb();
      const [m] = await db
        .select({ id: municipalities.id })
        .from(municipalities)
        // A municipality that is not on the platform (inactive) cannot be chosen; one already set stays.
        .where(and(eq(municipalities.id, input.municipalityId), eq(municipalities.isActive, true)))
        .limit(1);
      if (!m) throw new ValidationError("validation.invalid", { municipalityId: "validation.invalid" });
    }
    changes.municipalityId = input.municipalityId;
  }
  const passwordChanged = input.password.length > 0;
  const changed = [...Object.keys(changes), ...(passwordChanged ? ["password"] : [])];
  if (changed.length === 0) throw new ValidationError("account:profile.errors.noChanges");
  if (passwordChanged) {
    await checkCurrentPassword(current, input.currentPassword);
    assertNewPassword(input.password, [current.email, input.name]);
  }
  const hash = passwordChanged ? await hashPassword(input.password) : null;
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, current.id));
    }
    if (hash) {
      await tx
        .update(accounts)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(accounts.userId, current.id), eq(accounts.providerId, "credential")));
      // A new password ends every other session of this user.
      if (actor)
        await tx.delete(sessions).where(and(eq(sessions.userId, current.id), ne(sessions.id, actor.sessionId)));
    }
    await recordEvent(
      {
        userId: current.id,
        eventType: "user.profile_updated",
        description: `${current.email} updated their profile (${changed.join(", ")})`,
        metadata: { userId: current.id, changed },
      },
      tx,
    );
  });
  if (passwordChanged) onPasswordChanged?.({ email: current.email, name: changes.name ?? current.name });
  return { changed };
}

export async function findUserIdByEmail(email: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row?.id ?? null;
}

/** Where a user lands after signing in: their panel, or their municipality's home. */
export async function homePathFor(userId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ role: users.role, slug: municipalities.slug })
    .from(users)
    .leftJoin(municipalities, eq(municipalities.id, users.municipalityId))
    .where(eq(users.id, userId))
    .limit(1);
  return panelHomeFor(row?.role as Role | undefined) ?? (row?.slug ? `/${row.slug}` : "/");
}

/**
 * Remembers the language a user last used (sign-in, language switch): their mail goes out in it. Writes only
 * when it changed.
 */
export async function rememberLocale(userId: string, locale: Locale | string): Promise<void> {
  if (!isLocale(locale)) return;
  const db = await getDb();
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), sql`${users.locale} is distinct from ${locale}`));
}
