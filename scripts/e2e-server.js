// Starts the built server for the browser tests on an empty embedded database (seeded with the demo at start),
// with a local SMTP sink: every message the app sends is written to `${PGLITE_DIR}-mail/<n>.eml` for the tests
// to read (tests/e2e/mail.ts). The sink listens on 127.0.0.1, port E2E_SMTP_PORT (default PORT + 20000).
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const dir = process.env.PGLITE_DIR;
if (!dir) throw new Error("PGLITE_DIR is required");
fs.rmSync(dir, { recursive: true, force: true });
fs.rmSync(`${dir}.lock`, { force: true }); // the lock of older versions, beside the directory

const mailDir = `${dir}-mail`;
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.PORT ?? 4173) + 20000);
let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      const n = String(++received).padStart(6, "0");
      fs.writeFileSync(
        path.join(mailDir, `${n}.eml`),
        `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`,
      );
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(smtpPort, "127.0.0.1", resolve));
process.env.SMTP_URL ??= `smtp://127.0.0.1:${smtpPort}`;
process.env.JOBS_POLL_MS ??= "200";

await import(path.resolve(import.meta.dirname, "../server.js"));
