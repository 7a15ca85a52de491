/** XML for machine answers (the Atom feeds, Open311): what XML 1.0 can carry of a text, and plain documents. */
import { XMLBuilder } from "fast-xml-parser";

/** Whether XML 1.0 can carry a character (its `Char` production: no C0 controls but tab, LF and CR, no U+FFFE,
 * U+FFFF, no surrogate outside a pair). */
const isXmlChar = (c: number) =>
  c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000;

/** A text as XML can carry it: the characters it cannot are dropped. */
export function xmlSafe(value: string): string {
  let out = "";
  // By code point: a pair of surrogates is one character, a lone one is dropped.
  for (const ch of value) if (isXmlChar(ch.codePointAt(0) as number)) out += ch;
  return out;
}

type XmlValue = string | number | boolean | null | undefined | XmlValue[] | { [name: string]: XmlValue };

const plain = new XMLBuilder({ format: true, suppressEmptyNode: true, processEntities: true });

/** Texts made safe, numbers and booleans as text, null as an empty element; arrays repeat their element. */
function safeTree(value: XmlValue): unknown {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return xmlSafe(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(safeTree);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, safeTree(v)]));
}

/**
 * A document of elements only (no attributes): `{ errors: { error: [{ code: 403, description: "…" }] } }` becomes
 * `<errors><error><code>403</code>…</error></errors>` after the XML declaration. Every text is escaped.
 */
export function xmlDocument(root: string, body: { [name: string]: XmlValue }): string {
  const tree = { [root]: safeTree(body) };
  return `<?xml version="1.0" encoding="utf-8"?>\n${plain.build(tree) as string}`;
}
