/** Every admin module function refuses guests, users and merchants on the server. */
import { describe, expect, it } from "vitest";
import { ForbiddenError } from "~/lib/http/errors";
import { dashboardStats, recentActivities } from "~/modules/admin/dashboard.server";
import { createFeature, deleteFeature, listFeatures, updateFeature } from "~/modules/feature/feature.server";
import { listLogs } from "~/modules/log/log.queries.server";
import {
  createMerchant,
  deleteMerchant,
  lookupMerchants,
  listMerchants,
  updateMerchant,
} from "~/modules/merchant/merchant.admin.server";
import {
  createMunicipality,
  deleteMunicipality,
  listMunicipalitiesForAdmin,
  updateMunicipality,
} from "~/modules/municipality/municipality.server";
import { deleteReport, listReportsForAdmin, moderateReport } from "~/modules/report/report.admin.server";
import { getSettingsForAdmin, saveSettings } from "~/modules/settings/settings.server";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from "~/modules/subscription/subscription.server";
import { createUser, deleteUser, listUsers, lookupUsers, updateUser } from "~/modules/user/user.admin.server";
import type { Actor } from "~/lib/auth/auth.server";
import { actorFor, makeUser } from "../factories";

const ID = "00000000-0000-4000-8000-000000000000";
const userInput = {
  name: "X",
  email: "x@example.test",
  password: "Long-Enough-1",
  confirmPassword: "Long-Enough-1",
  role: "admin" as const,
  municipality_id: null,
  business_name: null,
  business_email: null,
  vat_number: null,
};
const merchantInput = {
  name: "X",
  email: "x2@example.test",
  password: "Long-Enough-1",
  confirmPassword: "Long-Enough-1",
  business_name: "B",
  business_email: "b@example.test",
  vat_number: null,
  municipality_id: null,
  category: null,
};
const subInput = {
  user_id: ID,
  tier: "Free" as const,
  status: "active" as const,
  start_date: "2026-01-01",
  end_date: null,
  payment_customer_id: null,
  payment_subscription_id: null,
};

const calls: [string, (a: Actor | null) => Promise<unknown>][] = [
  ["listUsers", (a) => listUsers(a)],
  ["lookupUsers", (a) => lookupUsers(a)],
  ["createUser", (a) => createUser(a, userInput)],
  ["updateUser", (a) => updateUser(a, ID, { name: "X", role: "admin" })],
  ["deleteUser", (a) => deleteUser(a, ID)],
  ["listMerchants", (a) => listMerchants(a)],
  ["lookupMerchants", (a) => lookupMerchants(a)],
  ["createMerchant", (a) => createMerchant(a, merchantInput)],
  [
    "updateMerchant",
    (a) =>
      updateMerchant(a, ID, {
        business_name: "B",
        business_email: "b@example.test",
        vat_number: null,
        municipality_id: null,
        category: null,
        is_premium: true,
      }),
  ],
  ["deleteMerchant", (a) => deleteMerchant(a, ID)],
  ["listReportsForAdmin", (a) => listReportsForAdmin(a)],
  ["moderateReport approve", (a) => moderateReport(a, ID, "approved")],
  ["moderateReport reject", (a) => moderateReport(a, ID, "rejected")],
  ["deleteReport", (a) => deleteReport(a, ID)],
  ["listSubscriptions", (a) => listSubscriptions(a)],
  ["createSubscription", (a) => createSubscription(a, subInput)],
  ["updateSubscription", (a) => updateSubscription(a, ID, subInput)],
  ["deleteSubscription", (a) => deleteSubscription(a, ID)],
  ["listFeatures", (a) => listFeatures(a)],
  ["createFeature", (a) => createFeature(a, { name: "F", description: null })],
  ["updateFeature", (a) => updateFeature(a, ID, { name: "F", description: null })],
  ["deleteFeature", (a) => deleteFeature(a, ID)],
  ["listLogs", (a) => listLogs(a)],
  ["dashboardStats", (a) => dashboardStats(a)],
  ["recentActivities", (a) => recentActivities(a)],
  ["getSettingsForAdmin", (a) => getSettingsForAdmin(a)],
  [
    "saveSettings",
    (a) =>
      saveSettings(a, {
        site_name: "Hacked",
        contact_email: "evil@example.test",
        payment_api_key: "sk_evil",
        maps_api_key: null,
        clear_payment_api_key: false,
        clear_maps_api_key: false,
      }),
  ],
  ["listMunicipalitiesForAdmin", (a) => listMunicipalitiesForAdmin(a)],
  [
    "createMunicipality",
    (a) => createMunicipality(a, { name: "Evil", slug: "evil-town", is_active: true, logo_url: null }),
  ],
  [
    "updateMunicipality",
    (a) => updateMunicipality(a, ID, { name: "Evil", slug: "evil-town", is_active: true, logo_url: null }),
  ],
  ["deleteMunicipality", (a) => deleteMunicipality(a, ID)],
];

describe("admin modules refuse everyone but administrators", () => {
  const roles = { guest: null as Actor | null, user: null as Actor | null, merchant: null as Actor | null };
  it("sets up one actor per role", async () => {
    roles.user = await actorFor(await makeUser("user"));
    roles.merchant = await actorFor(await makeUser("merchant"));
  });
  for (const [name, call] of calls) {
    it(`${name}: guest, user and merchant get ForbiddenError`, async () => {
      for (const who of ["guest", "user", "merchant"] as const) {
        const err = await call(roles[who]).catch((e) => e);
        expect(err, `${name} as ${who}`).toBeInstanceOf(ForbiddenError);
      }
    });
  }

  it("lets an administrator call the read functions", async () => {
    const admin = await actorFor(await makeUser("admin"));
    await expect(listUsers(admin)).resolves.toHaveProperty("rows");
    await expect(listMerchants(admin)).resolves.toHaveProperty("rows");
    await expect(listReportsForAdmin(admin)).resolves.toHaveProperty("rows");
    await expect(listSubscriptions(admin)).resolves.toHaveProperty("rows");
    await expect(listFeatures(admin)).resolves.toBeInstanceOf(Array);
    await expect(listLogs(admin)).resolves.toHaveProperty("rows");
    await expect(dashboardStats(admin)).resolves.toHaveProperty("totalUsers");
    await expect(getSettingsForAdmin(admin)).resolves.toHaveProperty("siteName");
  });
});
