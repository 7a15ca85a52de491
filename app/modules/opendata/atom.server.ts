/**
 * An Atom 1.0 document (RFC 4287) written with fast-xml-parser's builder, which escapes every text and
 * attribute (`&`, `<`, `>`, quotes) and never reads a text as markup.
 *
 * Every text construct (title, subtitle, summary, content, rights) is `type="text"`: what merchants, residents
 * and administrators write is plain text, so `<script>` or a typed `&amp;` reaches a feed reader as exactly
 * those characters, never as markup a reader that does not sanitise would run. Characters XML 1.0 cannot carry
 * (control characters, lone surrogates) are dropped.
 */
import { XMLBuilder } from "fast-xml-parser";
import { xmlSafe } from "~/lib/http/xml";

export type AtomLink = { href: string; rel?: string; type?: string; length?: number; title?: string };
type AtomEntry = {
  id: string;
  title: string;
  updated: Date;
  link: string;
  summary?: string | null;
  content?: string | null;
  author?: string | null;
  enclosures?: AtomLink[];
};
type AtomFeed = {
  id: string;
  title: string;
  subtitle?: string;
  updated: Date;
  /** The page the feed is about (rel="alternate") and the feed's own address (rel="self"). */
  link: string;
  self: string;
  lang: string;
  /** Who writes the entries when an entry names nobody (RFC 4287 requires an author for each entry). */
  author: string;
  generator?: string;
  rights?: string;
};

const text = (value: string) => ({ "@_type": "text", "#text": xmlSafe(value) });

function link(l: AtomLink) {
  return {
    ...(l.rel ? { "@_rel": l.rel } : {}),
    "@_href": xmlSafe(l.href),
    ...(l.type ? { "@_type": l.type } : {}),
    ...(l.length !== undefined ? { "@_length": String(l.length) } : {}),
    ...(l.title ? { "@_title": xmlSafe(l.title) } : {}),
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});

export function atomDocument(feed: AtomFeed, entries: AtomEntry[]): string {
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    feed: {
      "@_xmlns": "http://www.w3.org/2005/Atom",
      "@_xml:lang": feed.lang,
      id: xmlSafe(feed.id),
      title: text(feed.title),
      ...(feed.subtitle ? { subtitle: text(feed.subtitle) } : {}),
      updated: feed.updated.toISOString(),
      link: [
        link({ rel: "alternate", href: feed.link, type: "text/html" }),
        link({ rel: "self", href: feed.self, type: "application/atom+xml" }),
      ],
      author: { name: xmlSafe(feed.author) },
      ...(feed.generator ? { generator: xmlSafe(feed.generator) } : {}),
      ...(feed.rights ? { rights: text(feed.rights) } : {}),
      entry: entries.map((e) => ({
        id: xmlSafe(e.id),
        title: text(e.title),
        updated: e.updated.toISOString(),
        link: [
          link({ rel: "alternate", href: e.link, type: "text/html" }),
          ...(e.enclosures ?? []).map((l) => link({ ...l, rel: "enclosure" })),
        ],
        ...(e.author ? { author: { name: xmlSafe(e.author) } } : {}),
        ...(e.summary ? { summary: text(e.summary) } : {}),
        ...(e.content ? { content: text(e.content) } : {}),
      })),
    },
  };
  return builder.build(doc) as string;
}
