/**
 * Vouchers, the whole loop in a browser: the merchant sets a stock on a new promotion; a guest pressing Redeem
 * signs in and comes back to the deal; the resident claims a voucher with the keyboard and sees its code and QR
 * code; the merchant redeems it by typing the code, in Dutch; both sides show the new counts; the same code
 * fails a second time. Every new screen is checked with axe.
 */
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

const inDays = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(new Date(Date.now() + n * 86_400_000));

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = gotoWaitsForHydration(await (await browser.newContext()).newPage());
  await acceptCookies(page);
  await login(page, who);
  return page;
}

test("a resident claims a voucher and the merchant redeems it once at the counter, in Dutch", async ({
  browser,
  page,
}) => {
  test.slow();
  // The merchant adds a promotion with 5 vouchers.
  const merchant = await signedIn(browser, DEMO.merchant);
  const title = `Voucher deal ${Date.now().toString(36)}`;
  await merchant.goto("/merchant/promotions");
  await merchant.getByRole("button", { name: "Add promotion" }).click();
  const dialog = merchant.getByRole("dialog");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Valid until").fill(inDays(10));
  await dialog.getByLabel("Price", { exact: true }).fill("€2");
  await dialog.getByLabel("Vouchers in all").fill("0");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByText("whole number of 1 or more").first()).toBeVisible();
  await dialog.getByLabel("Vouchers in all").fill("5");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  const href = await merchant
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /View on the site/ })
    .getAttribute("href");
  expect(href).toMatch(/^\/promotions\/hasselt\/[0-9a-f-]{36}$/);
  const deal = href as string;

  // A guest presses Redeem, signs in, and comes back to the deal.
  await acceptCookies(page);
  await page.goto(`${deal}?lng=en`);
  await expect(page.getByTestId("voucher-count")).toHaveText("0 of 5 claimed");
  await page.getByTestId("voucher-redeem").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(DEMO.user.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`${deal}$`));
  await expectAccessible(page);

  // The resident claims with the keyboard.
  await page.getByTestId("voucher-redeem").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-vouchers\/[0-9a-f-]{36}$/);
  const code = (await page.getByTestId("voucher-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  await expect(page.getByRole("img", { name: `QR code of voucher ${code}` })).toBeVisible();
  await expect(page.getByTestId("voucher-status")).toHaveText("Ready to use");
  await expectAccessible(page);
  await page.goto("/my-vouchers");
  await expect(page.getByRole("heading", { level: 1, name: "My vouchers" })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expectAccessible(page);
  await page.goto(deal);
  await expect(page.getByTestId("voucher-count")).toHaveText("1 of 5 claimed");
  await expect(page.getByText("You have claimed your voucher for this deal.")).toBeVisible();

  // The merchant redeems it by typing the code, in Dutch.
  await merchant.goto("/merchant/redeem?lng=nl");
  await expect(merchant.getByRole("heading", { level: 1, name: "Bon inwisselen" })).toBeVisible();
  await expectAccessible(merchant);
  await merchant.getByLabel("Boncode").fill(code.toLowerCase().replace("-", " "));
  await merchant.getByRole("button", { name: "Code controleren" }).click();
  await expect(merchant.getByTestId("redeem-result")).toContainText(title);
  await expect(merchant.getByTestId("redeem-first-name")).not.toBeEmpty();
  await expectAccessible(merchant);
  await merchant.getByRole("button", { name: "Markeren als ingewisseld" }).click();
  await expect(merchant.getByTestId("redeem-done")).toContainText("Ingewisseld op");

  // The same code a second time: refused, saying when it was redeemed.
  await merchant.getByLabel("Boncode").fill(code);
  await merchant.getByRole("button", { name: "Code controleren" }).click();
  await expect(merchant.getByTestId("redeem-error")).toContainText("Deze bon werd al ingewisseld op");
  // A mistyped code says so.
  await merchant.getByLabel("Boncode").fill("OOOO-1111");
  await merchant.getByRole("button", { name: "Code controleren" }).click();
  await expect(merchant.getByTestId("redeem-error")).toContainText("Dit is geen boncode");

  // Both sides show the new counts.
  await page.goto("/my-vouchers");
  await expect(page.getByTestId("voucher-status").first()).toHaveText("Redeemed");
  await page.goto(deal);
  await expect(page.getByTestId("voucher-count")).toHaveText("1 of 5 claimed");
  const id = deal.split("/").pop() as string;
  await merchant.goto("/merchant/dashboard?lng=nl");
  const counts = merchant.getByTestId(`vouchers-${id}`);
  await expect(counts.getByTestId("vouchers-claimed")).toHaveText("1 van 5");
  await expect(counts.getByTestId("vouchers-redeemed")).toHaveText("1");
  await expectAccessible(merchant);
});

test("the redeem screen scans a QR code with the camera, and says so when the camera is refused", async ({
  browser,
}) => {
  const merchant = await signedIn(browser, DEMO.merchant);
  // A camera that films a blank canvas, and a detector that "sees" a code in it (BarcodeDetector's interface).
  await merchant.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    if (sessionStorage.getItem("cameraRefused")) {
      Object.defineProperty(navigator, "mediaDevices", {
        value: { getUserMedia: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
      });
      return;
    }
    Object.defineProperty(navigator, "mediaDevices", {
      value: {
        getUserMedia: async () => {
          const canvas = document.createElement("canvas");
          canvas.width = 64;
          canvas.height = 64;
          canvas.getContext("2d")?.fillRect(0, 0, 64, 64);
          return canvas.captureStream(5);
        },
      },
    });
    w.BarcodeDetector = class {
      async detect() {
        return [{ rawValue: "ZZZZ-ZZZZ" }];
      }
    };
  });
  await merchant.goto("/merchant/redeem?lng=en");
  await merchant.getByRole("button", { name: "Scan QR code" }).click();
  await expect(merchant.getByTestId("redeem-error")).toHaveText(
    "No voucher has this code. Check the code and try again.",
  );
  await expect(merchant.getByLabel("Voucher code")).toHaveValue("ZZZZ-ZZZZ");

  await merchant.evaluate(() => sessionStorage.setItem("cameraRefused", "1"));
  await merchant.goto("/merchant/redeem?lng=en");
  await merchant.getByRole("button", { name: "Scan QR code" }).click();
  await expect(merchant.getByRole("alert").filter({ hasText: "The camera is not available" })).toBeVisible();
  await expect(merchant.getByLabel("Voucher code")).toBeEnabled();
  await expectAccessible(merchant);
});
