import { describe, expect, it } from "vitest";
import { parseWith } from "~/lib/forms/form.server";
import { merchantEventSchema, parseAttendees } from "~/modules/event/event.schema";
import { can as canEvent } from "~/modules/event/event.policy";
import { can as canMerchant } from "~/modules/merchant/merchant.policy";
import { can as canPromotion } from "~/modules/promotion/promotion.policy";
import {
  adminPromotionSchema,
  initialPricingMode,
  merchantPromotionSchema,
} from "~/modules/promotion/promotion.schema";
import { optionalImageUrl } from "~/lib/forms/validation";
import type { Actor } from "~/lib/auth/auth.server";

const actor = (id: string, role: Actor["role"]): Actor => ({
  id,
  role,
  email: `${id}@x.test`,
  name: id,
  municipalityId: null,
  sessionId: "s",
});

describe("promotion and event policies", () => {
  const a = actor("a", "merchant");
  const admin = actor("z", "admin");
  const user = actor("u", "user");
  for (const can of [canPromotion, canEvent]) {
    it("lets a merchant act only on its own rows, an admin on all, nobody else on any", () => {
      expect(can(a, "create")).toBe(true);
      expect(can(a, "list-own")).toBe(true);
      expect(can(a, "update", { merchantId: "a" })).toBe(true);
      expect(can(a, "delete", { merchantId: "b" })).toBe(false);
      expect(can(a, "update")).toBe(false);
      expect(can(a, "list-all")).toBe(false);
      expect(can(admin, "list-all")).toBe(true);
      expect(can(admin, "delete", { merchantId: "b" })).toBe(true);
      expect(can(user, "create")).toBe(false);
      expect(can(null, "list-own")).toBe(false);
    });
  }
  it("has premium and featured flags for admins only", () => {
    expect(canPromotion(a, "set-premium")).toBe(false);
    expect(canEvent(a, "set-featured")).toBe(false);
    expect(canPromotion(admin, "set-premium")).toBe(true);
    expect(canEvent(admin, "set-featured")).toBe(true);
  });
  it("lets a merchant read and update only its own merchant record", () => {
    expect(canMerchant(a, "read-own", { id: "a" })).toBe(true);
    expect(canMerchant(a, "update-own", { id: "b" })).toBe(false);
    expect(canMerchant(a, "list-all")).toBe(false);
    expect(canMerchant(user, "read-own", { id: "u" })).toBe(false);
    expect(canMerchant(admin, "delete", { id: "a" })).toBe(true);
  });
});

describe("promotion schemas", () => {
  it("starts editing in percentage mode when a discount is present", () => {
    expect(initialPricingMode({ discount: "20% Off" })).toBe("percentage");
    expect(initialPricingMode({ discount: null })).toBe("price");
    expect(initialPricingMode(undefined)).toBe("price");
  });
  it("accepts http(s) and site paths as image addresses, nothing else", () => {
    const img = optionalImageUrl();
    for (const ok of ["https://x.test/a.png", "http://x.test/a.png", "/images/demo/bakery.svg", ""]) {
      expect(img.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.test/a.png",
      "/\\evil.test",
      "x.png",
    ]) {
      expect(img.safeParse(bad).success, bad).toBe(false);
    }
  });
  it("gives the documented required messages as the form error", () => {
    const m = parseWith(merchantPromotionSchema, {});
    expect(m.ok || m.formError).toBe("merchant:promotions.errors.required");
    const a = parseWith(adminPromotionSchema, { title: "x" });
    expect(a.ok || a.formError).toBe("merchant:promotions.errors.adminRequired");
    const e = parseWith(merchantEventSchema, {});
    expect(e.ok || e.formError).toBe("merchant:events.errors.required");
  });
  it("parses attendees as an integer, 0 when not numeric", () => {
    expect(parseAttendees("12")).toBe(12);
    expect(parseAttendees("12.7")).toBe(12);
    expect(parseAttendees("abc")).toBe(0);
    expect(parseAttendees(undefined)).toBe(0);
    expect(parseAttendees("-3")).toBe(0);
  });
});
