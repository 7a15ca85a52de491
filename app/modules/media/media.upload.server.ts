/**
 * Reading an upload: the multipart body is parsed as it streams in (busboy), with a byte limit
 * on the file and on every other field, one file per request and a handful of parts. The file is kept in
 * memory only up to MEDIA_LIMITS.maxBytes: past that the request is refused at once, and nothing of it
 * reaches the disk. (The HTTP layer already refuses a Content-Length over MEDIA_LIMITS.maxBodyBytes.)
 */
import { Readable } from "node:stream";
import busboy from "busboy";
import { MEDIA_LIMITS } from "./media.limits";
import { UploadRefused } from "./media.process.server";

type ParsedUpload = { file: Buffer; fields: Record<string, string> };

/** The field that carries the image. */
const FILE_FIELD = "file";

export async function readUpload(request: Request): Promise<ParsedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(type) || !request.body) throw new UploadRefused("badForm");
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MEDIA_LIMITS.maxBodyBytes) throw new UploadRefused("tooLarge");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: {
        fileSize: MEDIA_LIMITS.maxBytes,
        files: 1,
        fields: 8,
        parts: 9,
        fieldSize: MEDIA_LIMITS.maxFieldBytes,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
  } catch {
    throw new UploadRefused("badForm");
  }

  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
  return new Promise<ParsedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let sawFile = false;
    let settled = false;
    const fail = (reason: ConstructorParameters<typeof UploadRefused>[0]) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      chunks.length = 0;
      // What is still on the wire is neither buffered nor written anywhere: a body of a known, bounded length
      // (the HTTP layer admits no other) is read and dropped so that the answer reaches the client; any other
      // stream is cancelled.
      if (length > 0 && length <= MEDIA_LIMITS.maxBodyBytes) source.resume();
      else source.destroy();
      reject(new UploadRefused(reason));
    };

    parser.on("file", (name, stream) => {
      if (name !== FILE_FIELD || sawFile) {
        stream.resume();
        fail(sawFile ? "tooManyFiles" : "badForm");
        return;
      }
      sawFile = true;
      stream.on("data", (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on("limit", () => fail("tooLarge"));
      stream.on("error", () => fail("badForm"));
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail("badForm");
      fields[name] = value;
    });
    parser.on("filesLimit", () => fail("tooManyFiles"));
    parser.on("fieldsLimit", () => fail("badForm"));
    parser.on("partsLimit", () => fail("badForm"));
    parser.on("error", () => fail("badForm"));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      if (!sawFile) return reject(new UploadRefused("noFile"));
      const file = Buffer.concat(chunks);
      if (file.length === 0) return reject(new UploadRefused("noFile"));
      resolve({ file, fields });
    });
    source.on("error", () => fail("badForm"));
    source.pipe(parser);
  });
}
