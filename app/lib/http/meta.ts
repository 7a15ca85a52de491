import type { MetaDescriptor } from "react-router";

export type AlternateLink = { type: string; href: string; title: string };
type PageMeta = {
  title: string;
  description?: string;
  image?: string | null;
  type?: string;
  noindex?: boolean;
  /** Feeds of the page's content: <link rel="alternate"> (Atom, iCalendar). */
  alternates?: AlternateLink[];
  /** schema.org structured data: <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>;
};

type Match = { id: string; data?: unknown } | undefined;

/** Title "Page · Site", description and Open Graph tags, from what the loader translated. */
export function metaTags(page: PageMeta | undefined, matches: readonly Match[]): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as { siteName?: string } | undefined;
  const siteName = root?.siteName ?? "Buurtplatform";
  if (!page) return [{ title: siteName }];
  const title = page.title ? `${page.title} · ${siteName}` : siteName;
  const tags: MetaDescriptor[] = [
    { title },
    { property: "og:title", content: page.title || siteName },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: page.type ?? "website" },
  ];
  if (page.description) {
    tags.push({ name: "description", content: page.description });
    tags.push({ property: "og:description", content: page.description });
  }
  if (page.image) tags.push({ property: "og:image", content: page.image });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const a of page.alternates ?? []) {
    tags.push({ tagName: "link", rel: "alternate", type: a.type, href: a.href, title: a.title });
  }
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}
