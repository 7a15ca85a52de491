/**
 * Property-based: generated input thrown at every form schema either is accepted — and then, for the
 * modules that store it, stored faithfully — or rejected with a message key on a field, never a crash.
 */
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { features, municipalities, promotions, reports } from "@db/schema";
import type { Actor } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/errors";
import { parseWith } from "~/lib/form.server";
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
} as const;

function fieldsOf(schema: unknown): string[] {
  // Zod 4 keeps the object shape on def.shape, also under pipes and effects; an intersection (a form with its
  // translation fields, lib/translations.schema.ts) has one on each side.
  type Node = {
    shape?: Record<string, unknown>;
    def?: { in?: Node; out?: Node; schema?: Node; left?: Node; right?: Node };
  };
  const queue: (Node | undefined)[] = [schema as Node];
  const keys: string[] = [];
  for (let i = 0; i < 40 && queue.length; i++) {
    const node = queue.shift();
    if (node?.shape) keys.push(...Object.keys(node.shape));
    else queue.push(node?.def?.in, node?.def?.out, node?.def?.schema, node?.def?.left, node?.def?.right);
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
