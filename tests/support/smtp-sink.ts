/** A local SMTP server for tests: accepts every message on 127.0.0.1 and keeps it for assertions. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** `delayMs`: the sink takes that long to accept each message (a slow relay). */
export async function startSmtpSink(options: { delayMs?: number } = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable (soft line breaks, =XX bytes) decoded as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    if (c === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded text body of a quoted-printable or plain message (every part of a multipart one). */
export function textOf(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  return decodeQuotedPrintable(body);
}

/** One part of a multipart message ("text/plain" or "text/html"), decoded. */
export function partOf(raw: string, type: "text/plain" | "text/html"): string | null {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`Content-Type: ${type}`, "i").test(head)) continue;
    const body = rest.join("\n\n");
    if (/Content-Transfer-Encoding: base64/i.test(head))
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
    return body;
  }
  return null;
}

/** A header of a raw message (folded lines joined), or null. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0];
  const m = new RegExp(`^${name}: ?(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return m ? m[1].replace(/\r?\n[ \t]+/g, " ").trim() : null;
}

/** A header with RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) decoded, e.g. the Subject. */
export function decodedHeaderOf(raw: string, name: string): string | null {
  const value = headerOf(raw, name);
  if (value === null) return null;
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
