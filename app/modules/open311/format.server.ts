/**
 * The GeoReport v2 documents in its two formats. JSON: lists are arrays of objects, errors an array of
 * {code, description}. XML: the same fields as elements under the specification's root and item elements
 * (<services><service>, <service_requests><request>, <errors><error>, <discovery>…<endpoints><endpoint>), an
 * empty element where JSON has null.
 */
import { xmlDocument } from "~/lib/http/xml";

export type Format = "json" | "xml";

export const CONTENT_TYPES: Record<Format, string> = {
  json: "application/json; charset=utf-8",
  xml: "text/xml; charset=utf-8",
};

type Fields = { [name: string]: string | number | boolean | null };

/** A list: a JSON array, or the root element holding one item element per entry. */
export function listDocument(format: Format, root: string, item: string, list: Fields[]): string {
  return format === "json" ? JSON.stringify(list) : xmlDocument(root, { [item]: list });
}

type Discovery = {
  changeset: string;
  contact: string;
  key_service: string;
  endpoints: { specification: string; url: string; changeset: string; type: string; formats: string[] }[];
};

export function discoveryDocument(format: Format, d: Discovery): string {
  if (format === "json") return JSON.stringify(d);
  return xmlDocument("discovery", {
    changeset: d.changeset,
    contact: d.contact,
    key_service: d.key_service,
    endpoints: {
      endpoint: d.endpoints.map(({ formats, ...e }) => ({ ...e, formats: { format: formats } })),
    },
  });
}

/** A service's definition: none of our services has attributes. */
export function definitionDocument(format: Format, code: string): string {
  return format === "json"
    ? JSON.stringify({ service_code: code, attributes: [] })
    : xmlDocument("service_definition", { service_code: code, attributes: null });
}

export function errorDocument(format: Format, errors: { code: number; description: string }[]): string {
  return listDocument(format, "errors", "error", errors);
}
