import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchants, platformEventLogs, users } from "@db/schema";
import { actorFromHeaders, getAuth } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { profileSchema, registerSchema } from "~/modules/user/user.schema";
import { getProfile, registerAccount, updateProfile } from "~/modules/user/user.server";
import { FACTORY_PASSWORD, actorFor, makeMunicipality, makeUser } from "../factories";

async function signInCookie(email: string, password: string) {
  const auth = await getAuth();
  const res = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, cookie };
}

describe("registration", () => {
  it("creates a user account that can sign in and carries its role", async () => {
    const m = await makeMunicipality();
    const input = registerSchema.parse({
      accountType: "user",
      name: "Lotte Janssens",
      email: "Lotte@Example.test",
      password: "Zonnebloem-2026",
      confirmPassword: "Zonnebloem-2026",
      municipalityId: m.id,
    });
    const user = await registerAccount(input);
    expect(user.role).toBe("user");
    expect(user.email).toBe("lotte@example.test");
    const { status, cookie } = await signInCookie("lotte@example.test", "Zonnebloem-2026");
    expect(status).toBe(200);
    const actor = await actorFromHeaders(new Headers({ cookie }));
    expect(actor).toMatchObject({ email: "lotte@example.test", role: "user", municipalityId: m.id });
    const db = await getDb();
    const logs = await db.select().from(platformEventLogs).where(eq(platformEventLogs.userId, user.id));
    expect(logs.map((l) => l.eventType)).toContain("user.signed_up");
  });

  it("creates the merchant record with a merchant account", async () => {
    const m = await makeMunicipality();
    const user = await registerAccount(
      registerSchema.parse({
        accountType: "merchant",
        name: "Pieter Claes",
        email: "pieter@fietsenclaes.test",
        password: "Ketting-Zadel-Bel-9",
        confirmPassword: "Ketting-Zadel-Bel-9",
        municipalityId: m.id,
        businessName: "Fietsen Claes",
        businessEmail: "info@fietsenclaes.test",
        vatNumber: "BE 0123.456.789",
      }),
    );
    const db = await getDb();
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, user.id));
    expect(merchant).toMatchObject({
      businessName: "Fietsen Claes",
      municipalityId: m.id,
      vatNumber: "BE 0123.456.789",
    });
    expect(user.role).toBe("merchant");
  });

  it("never creates an administrator, whatever is posted", async () => {
    const m = await makeMunicipality();
    const posted = {
      accountType: "admin",
      role: "admin",
      name: "Mallory",
      email: "mallory@example.test",
      password: "Zwarte-Kat-Loopt-3",
      confirmPassword: "Zwarte-Kat-Loopt-3",
      municipalityId: m.id,
    };
    expect(registerSchema.safeParse(posted).success).toBe(false);
    const parsed = registerSchema.parse({ ...posted, accountType: "user" });
    const user = await registerAccount(parsed);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.role).toBe("user");
  });

  it("requires merchants' business fields and matching passwords", async () => {
    const m = await makeMunicipality();
    const r = registerSchema.safeParse({
      accountType: "merchant",
      name: "A",
      email: "a@example.test",
      password: "Long-enough-1",
      confirmPassword: "Long-enough-2",
      municipalityId: m.id,
    });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(paths).toContain("confirmPassword:account:register.errors.passwordMismatch");
    expect(paths).toContain("businessName:account:register.errors.required");
    expect(paths).toContain("vatNumber:account:register.errors.required");
  });

  it("refuses an email that is taken and common passwords", async () => {
    const m = await makeMunicipality();
    const existing = await makeUser("user");
    const base = {
      accountType: "user",
      name: "B",
      password: "Another-Pass-7",
      confirmPassword: "Another-Pass-7",
      municipalityId: m.id,
    };
    await expect(registerAccount(registerSchema.parse({ ...base, email: existing.email }))).rejects.toBeInstanceOf(
      ValidationError,
    );
    // The strength part of the one password rule is checked where every account is made.
    const common = await registerAccount(
      registerSchema.parse({
        ...base,
        email: "c@example.test",
        password: "password123",
        confirmPassword: "password123",
      }),
    ).catch((e) => e);
    expect(common).toBeInstanceOf(ValidationError);
    expect(common.fieldErrors.password).toMatch(/^validation\.passwordWeakBecause\./);
  });

  it("refuses an inactive municipality", async () => {
    const m = await makeMunicipality({ isActive: false });
    await expect(
      registerAccount(
        registerSchema.parse({
          accountType: "user",
          name: "C",
          email: "inactive@example.test",
          password: "Another-Pass-7",
          confirmPassword: "Another-Pass-7",
          municipalityId: m.id,
        }),
      ),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("profile", () => {
  it("says 'No changes detected.' when nothing changed", async () => {
    const m = await makeMunicipality();
    const actor = await actorFor(await makeUser("user", { municipalityId: m.id, name: "Jan" }));
    const err = await updateProfile(actor, profileSchema.parse({ name: "Jan", municipalityId: m.id })).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toBe("account:profile.errors.noChanges");
  });

  it("saves only the fields that changed", async () => {
    const m1 = await makeMunicipality();
    const m2 = await makeMunicipality();
    const actor = await actorFor(await makeUser("user", { municipalityId: m1.id, name: "Jan" }));
    expect(
      (await updateProfile(actor, profileSchema.parse({ name: "Jan Peeters", municipalityId: m1.id }))).changed,
    ).toEqual(["name"]);
    expect(
      (await updateProfile(actor, profileSchema.parse({ name: "Jan Peeters", municipalityId: m2.id }))).changed,
    ).toEqual(["municipalityId"]);
    const profile = await getProfile(actor);
    expect(profile).toMatchObject({ name: "Jan Peeters", municipalityId: m2.id });
  });

  it("applies the password rules and the new password signs in", async () => {
    const user = await makeUser("user", { name: "Els" });
    const actor = await actorFor(user);
    // One password rule everywhere: 8 characters on /profile too, with the one message.
    const short = profileSchema.safeParse({
      name: "Els",
      municipalityId: "",
      currentPassword: FACTORY_PASSWORD,
      password: "abc1234",
      confirmPassword: "abc1234",
    });
    expect(short.error?.issues[0].message).toBe("validation.passwordTooShort");
    const mismatch = profileSchema.safeParse({
      name: "Els",
      municipalityId: "",
      password: "abcdefgh1",
      confirmPassword: "x",
    });
    expect(mismatch.error?.issues[0].message).toBe("account:profile.errors.passwordMismatch");
    await updateProfile(
      actor,
      profileSchema.parse({
        name: "Els",
        municipalityId: "",
        currentPassword: FACTORY_PASSWORD,
        password: "Nieuw-Wachtwoord-5",
        confirmPassword: "Nieuw-Wachtwoord-5",
      }),
    );
    expect((await signInCookie(user.email, FACTORY_PASSWORD)).status).not.toBe(200);
    expect((await signInCookie(user.email, "Nieuw-Wachtwoord-5")).status).toBe(200);
  });

  it("refuses guests", async () => {
    await expect(getProfile(null)).rejects.toThrow();
  });
});

describe("database constraints", () => {
  it("rejects a role outside the enumeration", async () => {
    const db = await getDb();
    await expect(
      db.execute(sql`insert into users (id, name, email, role) values ('x1', 'X', 'x1@example.test', 'superuser')`),
    ).rejects.toThrow();
  });
});
