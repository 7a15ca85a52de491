// The physical limit: a minimal node:http server that answers every request with the same bytes.
// Usage: node static-server.js <file> <content-type> [content-encoding]; prints the port when listening.
import fs from "node:fs";
import http from "node:http";

const [file, contentType, encoding] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = { "Content-Type": contentType, "Content-Length": String(body.length) };
if (encoding) headers["Content-Encoding"] = encoding;
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.BENCH_STATIC_PORT ?? 0), "127.0.0.1", () =>
  process.stdout.write(`${server.address().port}\n`),
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
