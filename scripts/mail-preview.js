// `npm run mail:preview`: renders every email template in every language with its sample data and writes
// mail-previews/<template>.<lng>.html and .txt (git-ignored), to open in a browser or a mail client. The
// running dev server shows the same at /dev/mail.
import fs from "node:fs";
import path from "node:path";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "mail-previews");
process.env.NODE_ENV ??= "development";
process.env.LOG_LEVEL ??= "warn";

const vite = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  server: { middlewareMode: true, hmr: false },
  appType: "custom",
  resolve: { alias: { "~": path.join(root, "app"), "@db": path.join(root, "db") } },
});
try {
  const { renderAllPreviews } = await vite.ssrLoadModule("/app/modules/mail/preview.server.tsx");
  fs.mkdirSync(outDir, { recursive: true });
  const previews = await renderAllPreviews();
  for (const { name, locale, mail } of previews) {
    fs.writeFileSync(path.join(outDir, `${name}.${locale}.html`), mail.html);
    fs.writeFileSync(path.join(outDir, `${name}.${locale}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
  }
  console.log(`mail:preview: wrote ${previews.length * 2} files to ${path.relative(process.cwd(), outDir) || "."}`);
} finally {
  await vite.close();
}
