/**
 * from outside: a resident with a report, its photo and a follow downloads their data and finds each;
 * nobody else can download it; they delete their account, get the confirmation mail, can no longer sign in,
 * and their approved report shows "Anonymous". An administrator exports and deletes another account on request.
 */
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import { waitForMail } from "./mail";
import { phoneJpeg } from "../support/images";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = "Privacy-Rights-2026";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  return page;
}

async function register(page: Page, name: string, email: string) {
  await page.goto("/register?lng=en");
  await page.getByLabel("Resident").check();
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("Municipality").selectOption({ label: "Hasselt" });
  await page.getByRole("button", { name: "Register" }).click();
  // Registration signs the new account in.
  await expect(page.getByRole("heading", { name: "Registration complete" })).toBeVisible();
}

/** Files a report with a photo and has the administrator approve it; returns the photo's address. */
async function fileAndApprove(resident: Page, admin: Page, text: string): Promise<string> {
  await resident.goto("/report/hasselt?lng=en");
  await resident.getByRole("radio", { name: "Infrastructure issue" }).check({ force: true });
  await resident.getByLabel("Description").fill(text);
  await resident
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() });
  await expect(resident.getByText("Picture uploaded. Save the form to use it.")).toBeVisible();
  const photo = await resident.locator('input[type="hidden"][name="image_url"]').inputValue();
  expect(photo).toMatch(/^\/media\/[0-9a-f]{32}-1280\.jpg$/);
  await resident.getByRole("button", { name: "Submit report" }).click();
  await expect(resident.getByText(/awaiting review/)).toBeVisible();
  await admin.goto(`/admin/reports?lng=en&q=${encodeURIComponent(text)}`);
  await admin
    .getByRole("row")
    .filter({ hasText: text.slice(0, 30) })
    .getByRole("button", { name: "Approve" })
    .click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog.getByText("Report approved successfully!")).toBeVisible();
  return photo;
}

/** Reloads the page until the export is ready and returns its two download links. */
async function readyExport(page: Page, url: string) {
  const json = page.getByRole("link", { name: "Download (JSON)" }).first();
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return json.count();
      },
      { timeout: 30_000, message: "the export becomes ready" },
    )
    .toBeGreaterThan(0);
  return {
    json: (await json.getAttribute("href")) as string,
    html: (await page.getByRole("link", { name: "Readable summary (HTML)" }).first().getAttribute("href")) as string,
  };
}

test.describe("residents' privacy rights", () => {
  test("export finds the report and the follow; deletion leaves the report as Anonymous and sign-in impossible", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const id = stamp();
    const name = `Privacy Resident ${id}`;
    const email = `privacy-${id}@example.test`;
    const text = `E2E privacy: loose paving stones on the Havermarkt ${id}`;

    const resident = await newPage(browser);
    await register(resident, name, email);
    const admin = await newPage(browser);
    await login(admin, DEMO.admin);
    const photo = await fileAndApprove(resident, admin, text);

    // A follow of another municipality.
    await resident.goto("/alerts/genk?lng=en");
    await resident.getByLabel("Urgent reports, as soon as a moderator approves them").check();
    await resident.getByRole("button", { name: "Save my alerts" }).click();
    await expect(resident.getByText("Your alerts for Genk are saved.")).toBeVisible();

    // Download my data.
    await resident.goto("/profile?lng=en");
    await resident.getByRole("button", { name: "Prepare my data" }).click();
    await expect(resident.getByText("We are preparing your data.")).toBeVisible();
    const links = await readyExport(resident, "/profile?lng=en");
    await expectAccessible(resident);
    const mail = await waitForMail(email, (m) => m.subject.includes("Your data is ready to download"));
    expect(mail.text).toContain("/profile#privacy");

    const jsonRes = await resident.request.get(links.json);
    expect(jsonRes.status()).toBe(200);
    expect(jsonRes.headers()["content-disposition"]).toMatch(/attachment; filename="buurtplatform-my-data-.*\.json"/);
    const data = await jsonRes.json();
    expect(data.account).toMatchObject({ email, name });
    expect(data.municipality).toMatchObject({ slug: "hasselt" });
    expect(data.reports).toEqual([expect.objectContaining({ description: text, status: "approved" })]);
    expect(data.follows).toEqual([expect.objectContaining({ municipalitySlug: "genk", urgentAlerts: true })]);
    expect(data.signInHistory.length).toBeGreaterThan(0);
    expect(data.images).toEqual([expect.objectContaining({ url: expect.stringContaining(photo) })]);
    const htmlRes = await resident.request.get(links.html);
    expect(htmlRes.status()).toBe(200);
    // The summary's own policy, alone: no scripts, no requests (a second, the site's, would be enforced too).
    const csp = htmlRes.headersArray().filter((h) => h.name.toLowerCase() === "content-security-policy");
    expect(csp.map((h) => h.value)).toEqual(["default-src 'none'; style-src 'unsafe-inline'; sandbox"]);
    for (const name of ["referrer-policy", "x-content-type-options"]) {
      expect(
        htmlRes.headersArray().filter((h) => h.name.toLowerCase() === name),
        name,
      ).toHaveLength(1);
    }
    expect(htmlRes.headers()["referrer-policy"]).toBe("no-referrer");
    const html = await htmlRes.text();
    expect(html).toContain(text);
    expect(html).toContain("Genk");

    // Nobody else downloads it: another resident and the administrator (who did not ask for it) get a 404.
    const other = await newPage(browser);
    await login(other, DEMO.user);
    expect((await other.request.get(links.json)).status()).toBe(404);
    expect((await admin.request.get(links.json)).status()).toBe(404);
    expect((await (await newPage(browser)).request.get(links.json, { maxRedirects: 0 })).status()).toBe(302);

    // Delete my account: the password and the confirmation are required.
    await resident.goto("/profile?lng=en");
    const privacy = resident.locator("#privacy");
    await privacy.getByRole("button", { name: "Delete my account" }).click();
    await expect(privacy.getByRole("alert")).toHaveText("Enter your password to delete your account.");
    await privacy.getByLabel("Your password").fill(PASSWORD);
    await privacy.getByRole("button", { name: "Delete my account" }).click();
    await expect(privacy.getByRole("alert")).toHaveText(
      "Tick the box to confirm that you want to delete your account.",
    );
    await privacy.getByLabel("Your password").fill("Not-The-Password-1");
    await privacy.getByLabel("I understand that my account and my data will be deleted for good").check();
    await privacy.getByRole("button", { name: "Delete my account" }).click();
    await expect(privacy.getByRole("alert")).toHaveText("The current password is not correct.");
    await privacy.getByLabel("Your password").fill(PASSWORD);
    await privacy.getByLabel("I understand that my account and my data will be deleted for good").check();
    await privacy.getByRole("button", { name: "Delete my account" }).click();
    await expect(resident).toHaveURL(/\/account-deleted$/);
    await expect(resident.getByRole("heading", { level: 1, name: "Your account has been deleted" })).toBeVisible();
    await expectAccessible(resident);

    const confirmation = await waitForMail(email, (m) => m.subject.includes("Your account has been deleted"));
    expect(confirmation.text).toContain("Anonymous");

    // Signed out, the export is gone, and signing in no longer works.
    await resident.goto("/profile?lng=en");
    await expect(resident).toHaveURL(/\/login/);
    await resident.goto("/login?lng=en");
    await resident.getByLabel("Email").fill(email);
    await resident.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await resident.getByRole("button", { name: "Log in" }).click();
    await expect(resident.getByRole("alert")).toHaveText("Invalid email or password. Please try again.");

    // The approved report is still public, as Anonymous.
    await resident.goto("/reports/hasselt?lng=en");
    const report = resident.getByRole("listitem").filter({ hasText: text.slice(0, 40) });
    await expect(report).toBeVisible();
    await expect(report).toContainText("Anonymous");
    await expect(report).not.toContainText(name);
    // The photo was theirs: it is gone with the account.
    expect((await resident.request.get(photo.replace(/-1280\.jpg$/, "-640.webp"))).status()).toBe(404);
  });

  test("an administrator exports and deletes an account on request", async ({ browser }) => {
    test.setTimeout(180_000);
    const id = stamp();
    const name = `Requesting Resident ${id}`;
    const email = `request-${id}@example.test`;
    const resident = await newPage(browser);
    await register(resident, name, email);
    // The resident reads the site in French: the account remembers it, and the export is written in it.
    await resident.goto("/profile?lng=fr");
    await expect(resident.getByRole("heading", { level: 1 })).toBeVisible();

    const admin = await newPage(browser);
    await login(admin, DEMO.admin);
    await admin.goto(`/admin/users?lng=en&q=${encodeURIComponent(email)}`);
    await admin.getByRole("link", { name: `Privacy: export or delete the data of ${email}` }).click();
    await expect(admin.getByRole("heading", { level: 1, name: `Privacy requests: ${name}` })).toBeVisible();
    await admin.getByRole("button", { name: "Prepare an export" }).click();
    await expect(admin.getByText("The export is being prepared.")).toBeVisible();
    const links = await readyExport(admin, admin.url());
    await expectAccessible(admin);
    const res = await admin.request.get(links.json);
    expect(res.status()).toBe(200);
    const exported = await res.json();
    expect(exported.account.email).toBe(email);
    // The readable summary: French labels and values, times in Belgian time in the French format.
    const summary = await (await admin.request.get(links.html)).text();
    expect(summary).toContain(`<h1>Les données de ${name}</h1>`);
    expect(summary).toContain('<th scope="row">Langue</th><td>français</td>');
    expect(summary).toContain('<th scope="row">Rôle</th><td>Utilisateur</td>');
    expect(summary).toContain("Les heures sont à l&#39;heure belge");
    const created = new Intl.DateTimeFormat("fr-BE", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Europe/Brussels",
    }).format(new Date(exported.account.createdAt));
    expect(summary).toContain(`<th scope="row">Créé le</th><td>${created}</td>`);
    expect(summary).not.toContain("UTC");
    // The resident may download it too; another resident may not.
    expect((await resident.request.get(links.json)).status()).toBe(200);
    const other = await newPage(browser);
    await login(other, DEMO.user);
    expect((await other.request.get(links.json)).status()).toBe(404);

    await admin.getByRole("button", { name: "Delete this account" }).click();
    await expect(admin.getByRole("alert")).toHaveText("Tick the box to confirm that the user asked for this deletion.");
    await admin.getByLabel("The user asked for this deletion").check();
    await admin.getByRole("button", { name: "Delete this account" }).click();
    await expect(admin).toHaveURL(/\/admin\/users$/);
    // In the resident's language; it points to the contact form instead of asking for a reply.
    const goodbye = await waitForMail(email, (m) => m.subject.includes("Votre compte a été supprimé"));
    expect(goodbye.text.replace(/\s+/g, " ")).toMatch(/formulaire de contact sur http:\/\/127\.0\.0\.1:\d+\/contact/);

    // The audit log has the deletion under the administrator's name, without the resident's address.
    await admin.goto("/admin/logs?lng=en&q=deleted");
    const entry = admin.getByRole("row").filter({ hasText: "on its owner's request" }).first();
    await expect(entry).toContainText(DEMO.admin.email);
    await expect(admin.getByText(email)).toHaveCount(0);

    // The resident's session is gone.
    await resident.goto("/profile?lng=en");
    await expect(resident).toHaveURL(/\/login/);
  });
});
