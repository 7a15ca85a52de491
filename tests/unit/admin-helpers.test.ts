import { describe, expect, it } from "vitest";
import { truncate } from "~/lib/i18n/format";
import { settingsSchema } from "~/modules/settings/settings.schema";
import { isAdmin } from "~/modules/admin/admin.policy";
import { likePattern } from "~/lib/db/query";
import { paging } from "~/lib/forms/list.server";
import { postedId, postedUuid } from "~/lib/forms/crud.server";

describe("admin helpers", () => {
  it("truncates report descriptions to 50 / 20 characters with an ellipsis", () => {
    const text = "Smoke coming out of a basement window on the Rue Haute near the market";
    expect(truncate(text, 50)).toBe(`${text.slice(0, 50)}...`);
    expect(truncate(text, 20)).toBe("Smoke coming out of ...");
    expect(truncate("Short", 20)).toBe("Short");
    // Counts characters, not UTF-16 units.
    expect(truncate("🔥".repeat(25), 20)).toBe(`${"🔥".repeat(20)}...`);
  });

  it("escapes LIKE wildcards in searches and bounds pages", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(paging({ page: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(paging({ pageSize: 10_000 })).toEqual({ limit: 100, offset: 0 });
  });

  it("accepts only well-formed posted ids", () => {
    expect(postedId({ id: "abc-123" })).toBe("abc-123");
    expect(postedId({ id: "1; drop table users" })).toBeNull();
    expect(postedUuid({ id: "not-a-uuid" })).toBeNull();
    expect(postedUuid({ id: "00000000-0000-4000-8000-000000000000" })).not.toBeNull();
  });

  it("knows only the admin role as admin", () => {
    expect(isAdmin(null)).toBe(false);
    const base = { id: "1", email: "a@b.c", name: "A", municipalityId: null, sessionId: "s" };
    expect(isAdmin({ ...base, role: "merchant" })).toBe(false);
    expect(isAdmin({ ...base, role: "admin" })).toBe(true);
  });

  it("keeps a stored key when the settings key input is empty", () => {
    const parsed = settingsSchema.parse({
      site_name: " Buurt ",
      contact_email: "Info@Example.test",
      payment_api_key: "",
    });
    expect(parsed).toMatchObject({
      site_name: "Buurt",
      contact_email: "info@example.test",
      payment_api_key: null,
      maps_api_key: null,
      clear_payment_api_key: false,
    });
  });
});
