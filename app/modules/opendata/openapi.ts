/**
 * The OpenAPI 3.1 description of /api/v1 (served at /api/v1/openapi.json). Every object schema forbids other
 * properties, so a field added to an answer without being described here (or a personal field leaking into
 * one) fails the test that validates the real answers against this document (tests/integration/open-data.test.ts).
 */
import { DEFAULT_LIMIT, MAX_LIMIT } from "./api.server";

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });
const str = (extra: Record<string, unknown> = {}) => ({ type: "string", ...extra });

const merchantRef = {
  type: "object",
  additionalProperties: false,
  required: ["id", "name"],
  properties: { id: str(), name: str() },
};

const LANGS = ["en", "nl", "fr"];
/** Which language each text is in, the original's language and every translation. */
const textLanguages = (fields: string[]) => ({
  languages: {
    type: "object",
    additionalProperties: false,
    description:
      "The language of each text field in this answer (the asked ?lng= when translated, else the original's)",
    properties: Object.fromEntries(fields.map((f) => [f, str({ enum: LANGS })])),
  },
  original_language: str({ enum: LANGS, description: "The language the texts were written in" }),
  translations: {
    type: "object",
    additionalProperties: false,
    description: "The texts in the other languages, by language",
    properties: Object.fromEntries(LANGS.map((l) => [l, { type: "object", additionalProperties: { type: "string" } }])),
  },
});
const TEXT_LANGUAGE_FIELDS = ["languages", "original_language", "translations"];

const reportSchema = {
  type: "object",
  additionalProperties: false,
  required: ["id", "type", "description", "image_url", "created_at", "municipality", "url"],
  description: "An approved report. Who filed it is never published.",
  properties: {
    id: str({ format: "uuid" }),
    type: str(),
    description: str(),
    image_url: nullable("string"),
    created_at: str({ format: "date-time" }),
    municipality: str(),
    url: str({ format: "uri" }),
  } as Record<string, unknown>,
};

/** A GeoJSON Feature of a row: its point and the row's fields as properties. */
const feature = (properties: string) => ({
  type: "object",
  additionalProperties: false,
  required: ["type", "id", "geometry", "properties"],
  properties: {
    type: { const: "Feature" },
    id: str(),
    geometry: { $ref: "#/components/schemas/Point" },
    properties: { $ref: `#/components/schemas/${properties}` },
  },
});

const schemas = {
  Municipality: {
    type: "object",
    additionalProperties: false,
    required: ["id", "slug", "name", "logo_url", "url", ...TEXT_LANGUAGE_FIELDS],
    properties: {
      id: str({ format: "uuid" }),
      slug: str({ pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" }),
      name: str({ description: "The name in the asked language (?lng=) when there is one" }),
      ...textLanguages(["name"]),
      logo_url: nullable("string"),
      url: str({ format: "uri", description: "The municipality's home page" }),
    },
  },
  Promotion: {
    type: "object",
    additionalProperties: false,
    required: [
      "id",
      "title",
      "description",
      "category",
      "price",
      "original_price",
      "discount",
      "valid_until",
      "is_premium",
      "image_url",
      "terms_and_conditions",
      "created_at",
      "municipality",
      "merchant",
      "url",
      ...TEXT_LANGUAGE_FIELDS,
    ],
    properties: {
      id: str({ format: "uuid" }),
      title: str(),
      description: nullable("string"),
      category: nullable("string"),
      price: nullable("string", { description: "Free text, e.g. €12.50 or Free" }),
      original_price: nullable("string"),
      discount: nullable("string", { description: "Free text, e.g. 20% Off" }),
      valid_until: str({ format: "date" }),
      is_premium: { type: "boolean" },
      image_url: nullable("string"),
      terms_and_conditions: nullable("string", { description: "One term per line" }),
      ...textLanguages(["title", "description", "terms_and_conditions"]),
      created_at: str({ format: "date-time" }),
      municipality: str({ description: "Slug of the municipality" }),
      merchant: { $ref: "#/components/schemas/MerchantRef" },
      url: str({ format: "uri" }),
    },
  },
  Event: {
    type: "object",
    additionalProperties: false,
    required: [
      "id",
      "title",
      "description",
      "category",
      "venue",
      "start_date",
      "time",
      "price",
      "is_featured",
      "attendees",
      "image_url",
      "created_at",
      "municipality",
      "merchant",
      "url",
      ...TEXT_LANGUAGE_FIELDS,
    ],
    properties: {
      id: str({ format: "uuid" }),
      title: str(),
      description: nullable("string"),
      ...textLanguages(["title", "description"]),
      category: str(),
      venue: str(),
      start_date: str({ format: "date" }),
      time: nullable("string", { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$", description: "Local time in Brussels" }),
      price: nullable("string"),
      is_featured: { type: "boolean" },
      attendees: { type: "integer", minimum: 0 },
      image_url: nullable("string"),
      created_at: str({ format: "date-time" }),
      municipality: str(),
      merchant: { $ref: "#/components/schemas/MerchantRef" },
      url: str({ format: "uri" }),
    },
  },
  Merchant: {
    type: "object",
    additionalProperties: false,
    required: [
      "id",
      "name",
      "category",
      "address",
      "phone_number",
      "website_url",
      "facebook_url",
      "instagram_url",
      "logo_url",
      "opening_hours",
      "is_premium",
      "municipality",
      "url",
      "description",
      ...TEXT_LANGUAGE_FIELDS,
    ],
    properties: {
      id: str(),
      name: str(),
      description: nullable("string", { description: "What the business is about" }),
      ...textLanguages(["description"]),
      category: nullable("string"),
      address: nullable("string"),
      phone_number: nullable("string"),
      website_url: nullable("string"),
      facebook_url: nullable("string"),
      instagram_url: nullable("string"),
      logo_url: nullable("string"),
      opening_hours: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["day", "hours"],
          properties: { day: str({ examples: ["Monday - Friday"] }), hours: str({ examples: ["9:00 - 18:00"] }) },
        },
      },
      is_premium: { type: "boolean" },
      municipality: str(),
      url: str({ format: "uri" }),
    },
  },
  Report: reportSchema,
  MerchantRef: merchantRef,
  Point: {
    type: "object",
    additionalProperties: false,
    required: ["type", "coordinates"],
    description: "A GeoJSON Point (RFC 7946) in WGS 84",
    properties: {
      type: { const: "Point" },
      coordinates: {
        type: "array",
        description: "[longitude, latitude]",
        minItems: 2,
        maxItems: 2,
        prefixItems: [
          { type: "number", minimum: -180, maximum: 180 },
          { type: "number", minimum: -90, maximum: 90 },
        ],
      },
    },
  },
  ReportPlace: {
    ...reportSchema,
    required: [...reportSchema.required, "place_rounded", "place_text"],
    description:
      "An approved report with a place. Reports about people (theft, police_check) are placed on a grid of about 100 m and their typed place is left out.",
    properties: {
      ...reportSchema.properties,
      place_rounded: { type: "boolean", description: "Whether the point was rounded to about 100 m" },
      place_text: nullable("string", { description: "The place in the reporter's words, when not rounded" }),
    },
  },
  ReportFeature: feature("ReportPlace"),
  MerchantFeature: feature("Merchant"),
  Error: {
    type: "object",
    additionalProperties: false,
    required: ["error"],
    properties: {
      error: {
        type: "object",
        additionalProperties: false,
        required: ["code", "message"],
        properties: { code: str(), message: str() },
      },
    },
  },
};

const pageOf = (item: string) => ({
  type: "object",
  additionalProperties: false,
  required: ["data", "next_cursor", "links"],
  properties: {
    data: { type: "array", items: { $ref: `#/components/schemas/${item}` } },
    next_cursor: nullable("string", { description: "Pass as ?cursor= for the next page; null on the last page" }),
    links: {
      type: "object",
      additionalProperties: false,
      required: ["self", "next"],
      properties: { self: str({ format: "uri" }), next: nullable("string", { format: "uri" }) },
    },
  },
});

/** A GeoJSON FeatureCollection page: the features, and the paging as foreign members (RFC 7946 section 6.1). */
const featureCollectionOf = (item: string) => {
  const page = pageOf(item);
  const { data, ...paging } = page.properties;
  return {
    ...page,
    required: ["type", "features", "next_cursor", "links"],
    properties: { type: { const: "FeatureCollection" }, features: data, ...paging },
  };
};

const param = {
  limit: {
    name: "limit",
    in: "query",
    description: `Rows per page, 1 to ${MAX_LIMIT}`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
  },
  cursor: {
    name: "cursor",
    in: "query",
    description: "The next_cursor of the previous page",
    schema: { type: "string" },
  },
  municipality: {
    name: "municipality",
    in: "query",
    description: "Only rows of this municipality (slug)",
    schema: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
  },
  lng: {
    name: "lng",
    in: "query",
    description:
      "The language of the texts: en (default), nl or fr; a text without that translation is in its original language",
    schema: { type: "string", enum: LANGS, default: "en" },
  },
  from: {
    name: "from",
    in: "query",
    description: "Events starting on or after this date (default: today in Brussels)",
    schema: { type: "string", format: "date" },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function listOperation(
  operationId: string,
  summary: string,
  item: string,
  params: (keyof typeof param)[],
  geo = false,
) {
  const content = geo
    ? { "application/geo+json": { schema: featureCollectionOf(item) } }
    : { "application/json": { schema: pageOf(item) } };
  return {
    get: {
      summary,
      operationId,
      parameters: params.map((p) => param[p]),
      responses: {
        "200": {
          description: "A page of rows",
          headers: {
            ETag: { schema: { type: "string" } },
            Link: { description: 'rel="next" when there is a next page', schema: { type: "string" } },
          },
          content,
        },
        "304": { description: "Not modified (If-None-Match matched the ETag)" },
        "400": errorResponse("A bad parameter or cursor"),
        "429": errorResponse("Too many requests; see Retry-After"),
      },
    },
  };
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Buurtplatform open data",
      version: "1.0.0",
      description:
        "Read-only public data of the platform: active municipalities and their promotions, events, merchants and approved reports. No personal data. JSON, and GeoJSON for the reports and merchants that have a place; keyset pagination (cursor), ETag/If-None-Match, CORS for GET, rate-limited per client address.",
      license: { name: "CC BY 4.0", identifier: "CC-BY-4.0" },
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    paths: {
      "/municipalities": listOperation("listMunicipalities", "Active municipalities, by slug", "Municipality", [
        "limit",
        "cursor",
        "lng",
      ]),
      "/promotions": listOperation("listPromotions", "Promotions, newest first", "Promotion", [
        "municipality",
        "limit",
        "cursor",
        "lng",
      ]),
      "/events": listOperation("listEvents", "Upcoming events, soonest first", "Event", [
        "municipality",
        "from",
        "limit",
        "cursor",
        "lng",
      ]),
      "/merchants": listOperation("listMerchants", "Merchants, by name", "Merchant", [
        "municipality",
        "limit",
        "cursor",
        "lng",
      ]),
      "/reports": listOperation("listReports", "Approved reports, newest first", "Report", [
        "municipality",
        "limit",
        "cursor",
        "lng",
      ]),
      "/reports.geojson": listOperation(
        "listReportsGeoJson",
        "Approved reports with a place, as GeoJSON, newest first (about-people types rounded to about 100 m)",
        "ReportFeature",
        ["municipality", "limit", "cursor", "lng"],
        true,
      ),
      "/merchants.geojson": listOperation(
        "listMerchantsGeoJson",
        "Merchants with a place, as GeoJSON, by name (exact points)",
        "MerchantFeature",
        ["municipality", "limit", "cursor", "lng"],
        true,
      ),
    },
    components: { schemas },
  };
}
