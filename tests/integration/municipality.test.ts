import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { RESERVED_SLUGS } from "~/lib/http/routes-reserved";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import {
  createMunicipality,
  findActiveMunicipality,
  listActiveMunicipalities,
} from "~/modules/municipality/municipality.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const input = (slug: string, name = "Genk") => municipalitySchema.parse({ name, slug, is_active: "on" });

describe("municipality module", () => {
  it("lets only administrators create municipalities", async () => {
    const user = await actorFor(await makeUser("user"));
    const merchant = await actorFor(await makeUser("merchant"));
    await expect(createMunicipality(null, input("nowhere-1"))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createMunicipality(user, input("nowhere-2"))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createMunicipality(merchant, input("nowhere-3"))).rejects.toBeInstanceOf(ForbiddenError);
    const admin = await actorFor(await makeUser("admin"));
    const row = await createMunicipality(admin, input("maasmechelen", "Maasmechelen"));
    expect(row.slug).toBe("maasmechelen");
    expect((await findActiveMunicipality("maasmechelen"))?.id).toBe(row.id);
  });

  it("rejects every slug that equals a fixed route", async () => {
    const admin = await actorFor(await makeUser("admin"));
    for (const slug of ["admin", "merchants", "login", "404", "about-us", "profile", "report"]) {
      expect(RESERVED_SLUGS).toContain(slug);
      expect(municipalitySchema.safeParse({ name: "X", slug }).success).toBe(false);
      // The module refuses it even when the schema is bypassed.
      await expect(
        createMunicipality(admin, { name: "X", slug, is_active: true, logo_url: null }),
      ).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it("refuses a duplicate slug with a field message", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const existing = await makeMunicipality();
    const err = await createMunicipality(admin, input(existing.slug)).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.fieldErrors.slug).toBe("validation.slugTaken");
  });

  it("hides inactive municipalities from public lookups", async () => {
    const inactive = await makeMunicipality({ isActive: false });
    expect(await findActiveMunicipality(inactive.slug)).toBeNull();
    const active = await listActiveMunicipalities();
    expect(active.find((m) => m.id === inactive.id)).toBeUndefined();
    const names = active.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("enforces the slug format in the database too", async () => {
    const db = await getDb();
    await expect(db.execute(sql`insert into municipalities (name, slug) values ('Bad', 'Bad Slug')`)).rejects.toThrow();
  });
});
