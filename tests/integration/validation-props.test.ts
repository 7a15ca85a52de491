/**
 * Property-based: generated input thrown at every form schema either is accepted — and then, for the
 * modules that store it, stored faithfully — or rejected with a message key on a field, never a crash. A
 * control character in any field is never accepted.
 */
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { features, municipalities, promotions, reports } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { HttpError } from "~/lib/http/errors";
import { parseWith } from "~/lib/forms/form.server";
import { adminMerchantCreateSchema } from "~/modules/merchant/merchant.schema";
import { settingsSchema } from "~/modules/settings/settings.schema";
import { adminUserCreateSchema } from "~/modules/user/user.schema";
import { contactSchema } from "~/modules/contact/contact.schema";
import { adminEventSchema, merchantEventSchema } from "~/modules/event/event.schema";
import { featureSchema } from "~/modules/feature/feature.schema";
import { createFeature } from "~/modules/feature/feature.server";
import { merchantProfileSchema } from "~/modules/merchant/merchant.schema";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import { createMunicipality } from "~/modules/municipality/municipality.server";
import { adminPromotionSchema, merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { createPromotion } from "~/modules/promotion/promotion.server";
import { moderationSchema, reportSchema } from "~/modules/report/report.schema";
import { followSchema, newsletterSchema } from "~/modules/notification/notification.schema";
import { issueKeySchema } from "~/modules/open311/open311.schema";
import { fileReport } from "~/modules/report/report.server";
import { subscriptionSchema } from "~/modules/subscription/subscription.schema";
import { profileSchema, registerSchema } from "~/modules/user/user.schema";
import { actorFor, makeMunicipality, makeUser } from "../factories";

/** Values a browser or an attacker may post for one field. */
const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.constantFrom("", " ", "on", "true", "2026-02-30", "2026-12-31", "12:30", "25:99", "https://example.test/a.png"),
  fc.constantFrom(
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "x".repeat(6000),
    "€12,50",
    "20% Off",
    "-1",
    "1e9",
  ),
  fc.uuid(),
  fc.emailAddress(),
  fc.constant(undefined),
);

const SCHEMAS = {
  registerSchema,
  profileSchema,
  municipalitySchema,
  featureSchema,
  subscriptionSchema,
  reportSchema,
  contactSchema,
  merchantPromotionSchema,
  adminPromotionSchema,
  merchantEventSchema,
  adminEventSchema,
  merchantProfileSchema,
  adminUserCreateSchema,
  adminMerchantCreateSchema,
  settingsSchema,
  moderationSchema,
  followSchema,
  newsletterSchema,
  issueKeySchema,
} as const;

function fieldsOf(schema: unknown): string[] {
  // Zod 4 keeps the object shape on def.shape, also under pipes and effects; an intersection (a form with its
  // translation fields, lib/i18n/translations.schema.ts) has one on each side.
  type Node = {
    shape?: Record<string, unknown>;
    def?: { in?: Node; out?: Node; schema?: Node; left?: Node; right?: Node };
  };
  const queue: (Node | undefined)[] = [schema as Node];
  const keys: string[] = [];
  for (let i = 0; i < 40 && queue.length; i++) {
    const node = queue.shift();
    if (node?.shape) keys.push(...Object.keys(node.shape));
    // Only the parts that exist: a form with tags (promotions) nests one intersection deeper.
    else
      queue.push(
        ...[node?.def?.in, node?.def?.out, node?.def?.schema, node?.def?.left, node?.def?.right].filter(Boolean),
      );
  }
  return keys;
}

describe("every form schema", () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name} accepts or rejects with field messages`, () => {
      const keys = fieldsOf(schema);
      expect(keys.length, `${name} exposes its fields`).toBeGreaterThan(0);
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom(...keys, "role", "status", "merchant_id_forged"), fieldValue),
          (input) => {
            const result = parseWith(schema, input);
            if (result.ok) return true;
            const messages = Object.entries(result.fieldErrors);
            expect(messages.length).toBeGreaterThan(0);
            for (const [field, message] of messages) {
              expect(typeof field).toBe("string");
              expect(message).toMatch(/^[a-z]+(:[\w.]+|\.[\w.]+)$/);
            }
            return true;
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

/** Control characters a browser never types but a script may post; tab and line breaks are tested apart. */
const controlChar = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u0008", "\u001b", "\u007f", "\u0085", "\u009b");

/** Every string anywhere in a parsed value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe("control characters in any field of every form schema", () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name} never accepts one (PostgreSQL refuses NUL in text)`, () => {
      const keys = fieldsOf(schema);
      // A password is hashed, never stored as text: any character may be part of it (a form's NUL is refused
      // before any schema, form.server.ts `readForm`).
      const texts = keys.filter((k) => !/password/i.test(k));
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom(...keys), fieldValue),
          fc.constantFrom(...texts),
          controlChar,
          fc.nat(60),
          (input, key, c, at) => {
            const base = typeof input[key] === "string" ? (input[key] as string) : "Some text";
            const poisoned = { ...input, [key]: `${base.slice(0, at)}${c}${base.slice(at)}` };
            const result = parseWith(schema, poisoned);
            if (result.ok) {
              for (const text of stringsOf(result.data))
                expect(text.includes(c), `${key}: ${JSON.stringify(text)}`).toBe(false);
              return true;
            }
            for (const message of Object.values(result.fieldErrors))
              expect(message).toMatch(/^[a-z]+(:[\w.]+|\.[\w.]+)$/);
            return true;
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it("says so on the field, and keeps tab and line breaks in multi-line texts only", () => {
    const report = parseWith(reportSchema, { description: "Broken\u0000 light", type: "fire" });
    expect(report.ok).toBe(false);
    if (!report.ok) expect(report.fieldErrors.description).toBe("validation.controlChars");
    const lines = parseWith(reportSchema, {
      description: "Broken light\n\tnear the school\r\nsince Monday",
      type: "fire",
    });
    expect(lines.ok && lines.data.description).toBe("Broken light\n\tnear the school\r\nsince Monday");
    const title = parseWith(merchantPromotionSchema, { title: "Two\nlines", valid_until: "2030-01-31", price: "€1" });
    expect(title.ok).toBe(false);
    if (!title.ok) expect(title.fieldErrors.title).toBe("validation.controlChars");
    const contact = parseWith(contactSchema, {
      name: "Ann",
      email: "ann@example.test",
      subject: "Hi",
      message: "Escape \u001b[31m red",
    });
    expect(contact.ok).toBe(false);
    if (!contact.ok) expect(contact.fieldErrors.message).toBe("validation.controlChars");
    const note = parseWith(moderationSchema, { note: "Not here:\nsee the other report" });
    expect(note.ok).toBe(true);
  });
});

describe("accepted input is stored faithfully", () => {
  let admin: Actor;
  let resident: Actor;
  let merchant: Actor;
  let town: { id: string };
  beforeAll(async () => {
    town = await makeMunicipality();
    admin = await actorFor(await makeUser("admin"));
    resident = await actorFor(await makeUser("user", { municipalityId: town.id }));
    merchant = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
  });

  const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }).filter((s) => s.trim().length > 0);

  it("reports", async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.constantFrom("fire", "theft", "informative", "other_urgent"),
        async (description, type) => {
          const parsed = parseWith(reportSchema, { description, type });
          if (!parsed.ok) return;
          const row = await fileReport(resident, town.id, parsed.data);
          const db = await getDb();
          const [stored] = await db.select().from(reports).where(eq(reports.id, row.id));
          expect(stored.description).toBe(description.trim());
          expect(stored.status).toBe("pending");
          expect(stored.reporterId).toBe(resident.id);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("features", async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.option(text, { nil: "" }), async (name, description) => {
        const parsed = parseWith(featureSchema, { name, description });
        if (!parsed.ok) return;
        const row = await createFeature(admin, parsed.data);
        const db = await getDb();
        const [stored] = await db.select().from(features).where(eq(features.id, row.id));
        expect(stored.name).toBe(name.trim());
        expect(stored.description).toBe(description.trim() || null);
      }),
      { numRuns: 25 },
    );
  });

  it("municipalities", async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,8}){0,2}$/), async (name, slug) => {
        const parsed = parseWith(municipalitySchema, { name, slug: `p-${slug}`, is_active: "on" });
        if (!parsed.ok) return;
        try {
          const row = await createMunicipality(admin, parsed.data);
          const db = await getDb();
          const [stored] = await db.select().from(municipalities).where(eq(municipalities.id, row.id));
          expect(stored.name).toBe(name.trim());
          expect(stored.slug).toBe(`p-${slug}`);
        } catch (err) {
          // A slug generated twice is refused with a field message.
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).fieldErrors.slug).toBe("validation.slugTaken");
        }
      }),
      { numRuns: 25 },
    );
  });

  it("merchant promotions (and forged ownership fields are ignored)", async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom("€5", "Free", "12,50"), async (title, price) => {
        const parsed = parseWith(merchantPromotionSchema, {
          title,
          price,
          pricing_mode: "price",
          valid_until: "2030-01-31",
          merchant_id: admin.id,
          is_premium: "on",
        });
        if (!parsed.ok) return;
        const row = await createPromotion(merchant, parsed.data);
        const db = await getDb();
        const [stored] = await db.select().from(promotions).where(eq(promotions.id, row.id));
        expect(stored.title).toBe(title.trim());
        expect(stored.price).toBe(price);
        expect(stored.merchantId).toBe(merchant.id);
        expect(stored.validUntil).toBe("2030-01-31");
      }),
      { numRuns: 20 },
    );
  });
});
