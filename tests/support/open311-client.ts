/**
 * A small Open311 GeoReport v2 client written from the specification (wiki.open311.org/GeoReport_v2), not from
 * this project's code: it builds the URLs the specification names, sends GETs and form-encoded POSTs, and reads
 * both formats into the same plain values, checking the XML element names the specification prescribes.
 *
 *   GET  {endpoint}/discovery.{format}
 *   GET  {endpoint}/services.{format}                 → <services><service>…
 *   GET  {endpoint}/services/{service_code}.{format}  → <service_definition>…
 *   GET  {endpoint}/requests.{format}?…               → <service_requests><request>…
 *   GET  {endpoint}/requests/{service_request_id}.{format}
 *   POST {endpoint}/requests.{format}                 → <service_requests><request><service_request_id>…
 *   errors                                            → <errors><error><code/><description/></error></errors>
 *
 * `fetch` is any function that answers a Request: the real network, or a test's adapter onto the route.
 */
import { XMLParser } from "fast-xml-parser";

export type Open311Format = "json" | "xml";
type Value = string | number | boolean | null;
export type Open311Record = Record<string, Value>;
export type Open311Error = { code: number; description: string };

export type Answer<T> = {
  status: number;
  contentType: string;
  headers: Headers;
  /** The body as received. */
  raw: string;
  /** The document, when the answer is not an error. */
  data: T | null;
  /** The specification's error list, when the answer is one. */
  errors: Open311Error[] | null;
};

export type Discovery = {
  changeset: string;
  contact: string;
  key_service: string;
  endpoints: { specification: string; url: string; changeset: string; type: string; formats: string[] }[];
};
export type ServiceDefinition = { service_code: string; attributes: unknown[] };

type Fetch = (request: Request) => Promise<Response>;

/** Elements the specification repeats: always read as lists, even with one (or no) entry. */
const REPEATED = new Set(["service", "request", "error", "endpoint", "format", "attribute", "value"]);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

/** Typed fields of the specification: numbers, booleans; an empty text is no value. */
function typed(key: string, value: unknown): Value {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") return value as Value;
  if (key === "lat" || key === "long" || key === "code") return Number(value);
  if (key === "metadata") return value === "true";
  return value;
}

const normalise = (o: Record<string, unknown>): Open311Record =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typed(k, v)]));

/** The root element and its repeated item, as the specification names them, or an error. */
function xmlList(text: string, root: string, item: string): Open311Record[] {
  const doc = parser.parse(text) as Record<string, unknown>;
  if (!(root in doc)) throw new Error(`expected <${root}>, got ${Object.keys(doc).join(", ")}`);
  const body = doc[root];
  if (body === "" || body === undefined) return [];
  const items = (body as Record<string, unknown>)[item];
  if (!Array.isArray(items)) throw new Error(`expected <${root}><${item}>…`);
  return items.map((i) => normalise(i as Record<string, unknown>));
}

function xmlErrors(text: string): Open311Error[] | null {
  const doc = parser.parse(text) as Record<string, unknown>;
  if (!("errors" in doc)) return null;
  return xmlList(text, "errors", "error").map((e) => ({ code: Number(e.code), description: String(e.description) }));
}

export class Open311Client {
  constructor(
    /** The endpoint's URL as discovery gives it, e.g. https://example.org/open311/v2 */
    private readonly endpoint: string,
    private readonly format: Open311Format = "json",
    private readonly fetchFn: Fetch = (r) => fetch(r),
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A client of the same endpoint in the other format, or with other headers (Accept-Language, Origin…). */
  with(format: Open311Format, headers: Record<string, string> = this.headers): Open311Client {
    return new Open311Client(this.endpoint, format, this.fetchFn, headers);
  }

  url(path: string, query: Record<string, string> = {}): string {
    const qs = new URLSearchParams(query).toString();
    return `${this.endpoint}/${path}.${this.format}${qs ? `?${qs}` : ""}`;
  }

  private async send<T>(request: Request, read: (text: string) => T): Promise<Answer<T>> {
    const res = await this.fetchFn(request);
    const raw = await res.text();
    const contentType = res.headers.get("content-type") ?? "";
    const base = { status: res.status, contentType, headers: res.headers, raw };
    if (res.status >= 400) {
      const errors =
        this.format === "json"
          ? (JSON.parse(raw) as Open311Error[])
          : (xmlErrors(raw) ?? [{ code: res.status, description: raw }]);
      return { ...base, data: null, errors };
    }
    return { ...base, data: read(raw), errors: null };
  }

  private get(path: string, query?: Record<string, string>) {
    return new Request(this.url(path, query), { headers: { ...this.headers } });
  }

  private readList(root: string, item: string) {
    return (text: string): Open311Record[] =>
      this.format === "json"
        ? (JSON.parse(text) as Record<string, unknown>[]).map(normalise)
        : xmlList(text, root, item);
  }

  discovery(): Promise<Answer<Discovery>> {
    return this.send(this.get("discovery"), (text) => {
      if (this.format === "json") return JSON.parse(text) as Discovery;
      const d = (parser.parse(text) as { discovery: Record<string, unknown> }).discovery;
      if (!d) throw new Error("expected <discovery>");
      const endpoints = ((d.endpoints as { endpoint?: Record<string, unknown>[] })?.endpoint ?? []).map((e) => ({
        ...(e as Omit<Discovery["endpoints"][number], "formats">),
        formats: ((e.formats as { format?: string[] })?.format ?? []).map(String),
      }));
      return { ...(d as Omit<Discovery, "endpoints">), endpoints };
    });
  }

  services(query?: Record<string, string>): Promise<Answer<Open311Record[]>> {
    return this.send(this.get("services", query), this.readList("services", "service"));
  }

  serviceDefinition(code: string, query?: Record<string, string>): Promise<Answer<ServiceDefinition>> {
    return this.send(this.get(`services/${encodeURIComponent(code)}`, query), (text) => {
      if (this.format === "json") return JSON.parse(text) as ServiceDefinition;
      const def = (parser.parse(text) as { service_definition?: Record<string, unknown> }).service_definition;
      if (!def) throw new Error("expected <service_definition>");
      // <attributes/> when there are none, else <attributes><attribute>…</attribute></attributes>.
      const attributes = def.attributes as { attribute?: unknown[] } | "" | undefined;
      return {
        service_code: String(def.service_code),
        attributes: attributes && typeof attributes === "object" ? (attributes.attribute ?? []) : [],
      };
    });
  }

  requests(query?: Record<string, string>): Promise<Answer<Open311Record[]>> {
    return this.send(this.get("requests", query), this.readList("service_requests", "request"));
  }

  request(id: string, query?: Record<string, string>): Promise<Answer<Open311Record[]>> {
    return this.send(
      this.get(`requests/${encodeURIComponent(id)}`, query),
      this.readList("service_requests", "request"),
    );
  }

  /** POST Service Request: api_key, jurisdiction_id, service_code, lat/long or address_string, description… */
  postRequest(fields: Record<string, string>): Promise<Answer<Open311Record[]>> {
    const request = new Request(this.url("requests"), {
      method: "POST",
      headers: { ...this.headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return this.send(request, this.readList("service_requests", "request"));
  }
}
