import { describe, expect, it } from "vitest";
import { ROLES } from "@db/schema/enums";
import { counts, mayCount } from "~/modules/metrics/metrics.policy";
import { hasMerchantRecord, needsBusinessFields } from "~/modules/user/user.policy";

describe("the user policy's role rules", () => {
  it("gives only a merchant account a merchant record, and asks only a new merchant for its business", () => {
    expect(ROLES.filter(hasMerchantRecord)).toEqual(["merchant"]);
    expect(ROLES.filter(needsBusinessFields)).toEqual(["merchant"]);
  });
});

describe("whose visits count", () => {
  const item = { merchantId: "owner" };
  it("never an administrator's, before or after the item's owner is known", () => {
    const admin = { id: "a", role: "admin" as const };
    expect(mayCount(admin)).toBe(false);
    expect(counts(admin, item)).toBe(false);
  });
  it("a guest's and other people's, but not the owner's own", () => {
    expect(mayCount(null)).toBe(true);
    expect(counts(null, item)).toBe(true);
    for (const role of ["user", "merchant"] as const) {
      expect(mayCount({ id: "x", role })).toBe(true);
      expect(counts({ id: "x", role }, item)).toBe(true);
    }
    expect(mayCount({ id: "owner", role: "merchant" })).toBe(true);
    expect(counts({ id: "owner", role: "merchant" }, item)).toBe(false);
  });
});
