/**
 * Open311 from outside: an administrator issues a key in the panel (shown once), a town's system posts a
 * service request with it from another origin, the request waits in the moderation queue, is public in
 * requests.json once approved, and the key is refused once revoked. The session cookie never stands in for a key.
 */
import { expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import { Open311Client, type Open311Record } from "../support/open311-client";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("an admin issues a key, a client posts with it, the report is moderated, then the key is revoked", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  gotoWaitsForHydration(page);
  await acceptCookies(page);
  await login(page, DEMO.admin);
  await page.goto("/admin/open311?lng=en");
  await expect(page.getByRole("heading", { level: 1, name: "Open311 keys" })).toBeVisible();
  await expectAccessible(page);

  // Issuing without a name is refused, with the message on the field.
  await page.getByRole("button", { name: "Issue key" }).click();
  await expect(page.getByText("Please give the key a name.").first()).toBeVisible();

  const name = unique("Work orders");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Issue key" }).click();
  const keyField = page.getByLabel("New API key");
  await expect(keyField).toBeVisible();
  await expect(keyField).toBeFocused();
  const key = await keyField.inputValue();
  expect(key).toMatch(/^o311_[A-Za-z0-9_-]{32}$/);
  await expect(page.getByText("Copy this key now: it is shown only once.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Active");
  await expectAccessible(page);
  // Reloaded, the page no longer holds the key.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // A town's system on another origin posts a request with the key.
  const client = new Open311Client(`${baseURL}/open311/v2`, "json", (r) => fetch(r), {
    Origin: "https://fixit.example",
  });
  const description = `E2E ${unique("open311")}: the street light at the corner of the Kapelstraat is out`;
  const posted = await client.postRequest({
    api_key: key,
    jurisdiction_id: "hasselt",
    service_code: "infrastructure_issue",
    lat: "50.9305",
    long: "5.3378",
    address_string: "Kapelstraat",
    description,
  });
  expect(posted.status, posted.raw).toBe(201);
  const id = (posted.data as Open311Record[])[0].service_request_id as string;
  expect((await client.request(id)).status).toBe(404);

  // The session of a signed-in administrator is no key: without api_key the post is refused.
  const withSession = await page.request.post("/open311/v2/requests.json", {
    form: { jurisdiction_id: "hasselt", service_code: "fire", address_string: "Markt", description: "No key" },
    headers: { Origin: new URL(baseURL as string).origin },
  });
  expect(withSession.status()).toBe(403);

  // The administrator finds it pending in the moderation queue and approves it.
  await page.goto(`/admin/reports?lng=en&status=pending&q=${encodeURIComponent(description.slice(0, 30))}`);
  const row = page.getByRole("row").filter({ hasText: description });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText(`Through Open311: ${name}`);
  await row.getByRole("link", { name: /^Open report/ }).click();
  await expect(page.getByText(`Through Open311: ${name}`)).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve report" });
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  const listed = ((await client.requests({ jurisdiction_id: "hasselt" })).data as Open311Record[]).find(
    (r) => r.service_request_id === id,
  );
  expect(listed).toMatchObject({ status: "open", description, lat: 50.9305, long: 5.3378 });
  const xml = await client.with("xml").request(id);
  expect(xml.raw).toContain("<service_requests>");
  expect((xml.data as Open311Record[])[0].service_code).toBe("infrastructure_issue");

  // Revoked, the key is refused at once.
  await page.goto("/admin/open311?lng=en");
  await page.getByRole("button", { name: `Revoke the key ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this key?" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked on");
  const refused = await client.postRequest({
    api_key: key,
    jurisdiction_id: "hasselt",
    service_code: "fire",
    address_string: "Markt",
    description: "After revoking",
  });
  expect(refused.status).toBe(403);
  expect(refused.errors).toEqual([
    { code: 403, description: "api_key was revoked: ask the administrators for a new key." },
  ]);
});

test("the keys screen fits 390 and 360 px phones in English, Dutch and French", async ({ page }) => {
  await acceptCookies(page);
  await login(page, DEMO.admin);
  for (const [lng, heading, button] of [
    ["en", "Open311 keys", "Issue key"],
    ["nl", "Open311-sleutels", "Sleutel uitreiken"],
    ["fr", "Clés Open311", "Délivrer la clé"],
  ] as const) {
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 780 });
      await page.goto(`/admin/open311?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("button", { name: button })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${lng} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
  await expectAccessible(page);
});
