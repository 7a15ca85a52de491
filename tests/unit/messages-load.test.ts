import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadMessages } from "~/lib/i18n/messages";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the browser's translations", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fetches every namespace of the page's language but mail, so the page hydrates with its texts", async () => {
    const fetched: string[] = [];
    // The files' addresses are the build's; here they are the source files, read from disk.
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      const file = path.join(ROOT, new URL(url, "http://x").pathname);
      return new Response(fs.readFileSync(file, "utf8"), { status: 200 });
    });
    const messages = (await loadMessages("nl")) as Record<string, Record<string, unknown>>;
    expect(fetched).toHaveLength(5);
    for (const ns of ["common", "site", "account", "merchant", "admin"]) {
      const source = JSON.parse(fs.readFileSync(path.join(ROOT, "app/locales/nl", `${ns}.json`), "utf8"));
      expect(messages[ns], ns).toEqual(source);
    }
    expect(messages).not.toHaveProperty("mail");
  });
});
