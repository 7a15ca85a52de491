import { describe, expect, it } from "vitest";
import { adminDeleteSchema, deleteAccountSchema } from "~/modules/privacy/privacy.schema";

describe("the deletion forms", () => {
  it("refuse a deletion without the ticked confirmation", () => {
    const missing = deleteAccountSchema.safeParse({ currentPassword: "x" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe("account:privacy.delete.confirmRequired");
    expect(deleteAccountSchema.safeParse({ currentPassword: "x", confirm: "no" }).success).toBe(false);
    expect(adminDeleteSchema.safeParse({}).success).toBe(false);
    expect(adminDeleteSchema.safeParse({ confirm: "" }).success).toBe(false);
  });

  it("need the password, and read the reports choice", () => {
    expect(deleteAccountSchema.safeParse({ currentPassword: "", confirm: "on" }).success).toBe(false);
    expect(deleteAccountSchema.parse({ currentPassword: "x", confirm: "on" }).deleteReports).toBe(false);
    expect(deleteAccountSchema.parse({ currentPassword: "x", confirm: "on", deleteReports: "on" }).deleteReports).toBe(
      true,
    );
    expect(adminDeleteSchema.parse({ confirm: "on" })).toEqual({ confirm: "on", deleteReports: false });
  });
});
