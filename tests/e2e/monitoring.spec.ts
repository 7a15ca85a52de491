/**
 * Monitoring as the municipality's IT team uses it: the scraper on this machine reads /metrics and sees the
 * requests just made, by route pattern; a visitor coming through the proxy (or from elsewhere) without the token
 * gets nothing; /healthz and /readyz answer the load balancer.
 */
import { expect, test } from "./fixtures";

/** The value of one series in a Prometheus text answer (0 when absent). */
function value(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf("}"));
    if (wanted.every((w) => inside.split(",").includes(w))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

test("the scraper sees the requests, the queues and the event loop", async ({ request }) => {
  const before = await (await request.get("/metrics")).text();
  const route = { route: "/promotions/:municipality", method: "GET", status: "200" };
  const missing = { route: "/*", method: "GET", status: "404" };
  for (let i = 0; i < 3; i++) expect((await request.get("/promotions/hasselt")).status()).toBe(200);
  expect((await request.get("/no/such/page")).status()).toBe(404);

  const res = await request.get("/metrics");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  const after = await res.text();
  const name = "buurtplatform_http_requests_total";
  expect(value(after, name, route) - value(before, name, route)).toBeGreaterThanOrEqual(3);
  expect(value(after, name, missing) - value(before, name, missing)).toBeGreaterThanOrEqual(1);
  // The raw path is never a label: one series per pattern.
  expect(after).not.toContain("/promotions/hasselt");
  expect(after).toContain(
    'buurtplatform_http_request_duration_seconds_bucket{le="0.1",route="/promotions/:municipality"',
  );
  const cacheHits = (t: string) =>
    value(t, "buurtplatform_page_cache_requests_total", { result: "hit" }) +
    value(t, "buurtplatform_page_cache_requests_total", { result: "miss" });
  expect(cacheHits(after)).toBeGreaterThan(cacheHits(before));
  for (const series of [
    'buurtplatform_jobs{status="failed"}',
    'buurtplatform_mail_outbox{status="pending"}',
    'buurtplatform_mail_outbox{status="failed"}',
    "buurtplatform_live_streams_open",
    "nodejs_eventloop_lag_p99_seconds",
  ]) {
    expect(after, series).toContain(series);
  }
});

test("a request forwarded by a proxy, or carrying a wrong token, gets no metrics", async ({ request }) => {
  const cases: Record<string, string>[] = [
    { "X-Forwarded-For": "203.0.113.9" },
    { Forwarded: "for=203.0.113.9" },
    { "X-Forwarded-For": "203.0.113.9", Authorization: "Bearer not-the-token-0123456789" },
  ];
  for (const headers of cases) {
    const res = await request.get("/metrics", { headers });
    expect(res.status(), JSON.stringify(headers)).toBe(404);
    expect(await res.text()).not.toContain("buurtplatform_");
  }
});

test("liveness and readiness answer the load balancer", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  expect(ready.headers()["cache-control"]).toBe("no-store");
});
