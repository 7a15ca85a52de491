/**
 * The platform's emails as React Email components (decision 0009). One layout; each template turns its data
 * into a `MailContent` (subject, heading and blocks, already translated into the recipient's language) and the
 * layout renders it to HTML; the plain-text part is rendered from the same tree (compose.server.tsx).
 *
 * Adding a template:
 * 1. Add an entry to `TEMPLATES` below: `(t, data, site) => MailContent`, with a type for its data.
 * 2. Put its strings under a key of its own in `app/locales/{en,nl,fr}/mail.json` (the parity test checks nl and
 *    fr) and add sample data to `PREVIEW_DATA` (`npm run mail:preview` renders every template in every language).
 * 3. Queue it from a module with `queueTemplateMail("name", { to, locale, data }, tx)`.
 * For a one-off notice, the `notice` template takes translation keys and needs no new template.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { Locale } from "~/lib/i18n";
import { formatDateTime } from "~/lib/i18n/format";
import type { TFunction } from "~/lib/i18n/translator";
import { type QualifiedKey, oneOf } from "~/lib/i18n/keys";
import { REPORT_REJECTION_REASONS, REPORT_TYPES } from "@db/schema/enums";

type MailBlock =
  | { kind: "text"; text: string }
  | { kind: "quote"; label?: string; text: string }
  | { kind: "button"; label: string; url: string }
  | {
      kind: "list";
      title: string;
      /** `lang`: the language of the item's title; `note`: "(original in Dutch)" when it is not the reader's. */
      items: { title: string; detail?: string; url: string; lang?: string; note?: string }[];
    };

export type MailContent = {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  blocks: MailBlock[];
  /** Why the recipient gets this mail. */
  footer?: string;
};

export type SiteInfo = {
  siteName: string;
  baseUrl: string;
  locale: Locale;
  /** The municipality the mail is about or for, in the reader's language (named in the footer). */
  municipality?: string;
  /** The platform's postal address (when set) and who is responsible for the data (settings). */
  footer?: string;
};

const colors = { brand: "#0f5132", text: "#1e293b", muted: "#475569", line: "#e2e8f0", quote: "#f1f5f9" };

export function MailLayout({
  content,
  site,
  unsubscribe,
}: {
  content: MailContent;
  site: SiteInfo;
  unsubscribe?: { label: string; url: string; note: string };
}) {
  return (
    <Html lang={site.locale} dir="ltr">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Arial, Helvetica, sans-serif", color: colors.text }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "24px 16px" }}>
          <Text style={{ fontSize: "18px", fontWeight: "bold", color: colors.brand, margin: "0 0 16px" }}>
            <Link href={site.baseUrl} style={{ color: colors.brand, textDecoration: "none" }}>
              {site.siteName}
            </Link>
          </Text>
          <Section style={{ backgroundColor: "#ffffff", borderRadius: "8px", padding: "24px" }}>
            <Heading as="h1" style={{ fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" }}>
              {content.heading}
            </Heading>
            {content.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </Section>
          <Hr style={{ borderColor: colors.line, margin: "24px 0 12px" }} />
          {content.footer && (
            <Text style={{ fontSize: "12px", color: colors.muted, margin: "0 0 8px" }}>{content.footer}</Text>
          )}
          {unsubscribe && (
            <Text style={{ fontSize: "12px", color: colors.muted, margin: "0 0 8px" }}>
              {unsubscribe.note}{" "}
              <Link href={unsubscribe.url} style={{ color: colors.muted, textDecoration: "underline" }}>
                {unsubscribe.label}
              </Link>
            </Text>
          )}
          <Text style={{ fontSize: "12px", color: colors.muted, margin: 0 }}>
            {[site.siteName, site.municipality, site.baseUrl].filter(Boolean).join(" · ")}
          </Text>
          {site.footer && (
            <Text style={{ fontSize: "12px", color: colors.muted, margin: "4px 0 0" }}>{site.footer}</Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case "text":
      return <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}>{block.text}</Text>;
    case "quote":
      return (
        <Section
          style={{
            backgroundColor: colors.quote,
            borderLeft: `4px solid ${colors.brand}`,
            padding: "8px 12px",
            margin: "0 0 12px",
          }}
        >
          {block.label && (
            <Text style={{ fontSize: "12px", fontWeight: "bold", color: colors.muted, margin: "0 0 4px" }}>
              {block.label}
            </Text>
          )}
          <Text style={{ fontSize: "15px", lineHeight: "22px", margin: 0, whiteSpace: "pre-line" }}>{block.text}</Text>
        </Section>
      );
    case "button":
      return (
        <Section style={{ margin: "8px 0 16px" }}>
          <Button
            href={block.url}
            style={{
              backgroundColor: colors.brand,
              color: "#ffffff",
              borderRadius: "6px",
              padding: "12px 18px",
              fontSize: "15px",
              fontWeight: "bold",
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case "list":
      return (
        <Section style={{ margin: "8px 0 16px" }}>
          <Heading as="h2" style={{ fontSize: "17px", margin: "0 0 8px" }}>
            {block.title}
          </Heading>
          {block.items.map((item, i) => (
            <Text key={i} style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 8px" }}>
              <Link href={item.url} lang={item.lang} style={{ color: colors.brand, fontWeight: "bold" }}>
                {item.title}
              </Link>
              {item.note ? ` (${item.note})` : ""}
              {item.detail ? ` · ${item.detail}` : ""}
            </Text>
          ))}
        </Section>
      );
  }
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Templates                                                                                                    */

type ReportOutcomeData = {
  reporterName: string;
  status: "approved" | "rejected";
  type: string;
  description: string;
  municipalityName: string;
  municipalitySlug: string;
  reason: string | null;
  note: string | null;
};
type UrgentAlertData = {
  municipalityName: string;
  municipalitySlug: string;
  type: string;
  description: string;
  reportId: string;
  /** When the report was filed (ISO time), shown in the reader's format in Brussels time. */
  reportedAt: string;
  /** Where, as the reporter described it ("Kerkstraat 12"), if they did. */
  place: string | null;
};
export type DigestItem = {
  title: string;
  detail?: string;
  path: string;
  /** The title's language, and whether it is the original standing in for the reader's language. */
  lang?: Locale;
  isOriginalFallback?: boolean;
};
type WeeklyDigestData = {
  municipalityName: string;
  municipalitySlug: string;
  promotions: DigestItem[];
  events: DigestItem[];
  /** "follow": a signed-in resident's alert settings; "newsletter": the footer newsletter. */
  audience: "follow" | "newsletter";
};
type NewsletterConfirmData = { municipalityName: string; confirmUrl: string };
/** A one-off notice from translation keys (`mail:` keys; values interpolated into each). */
type NoticeData = {
  subjectKey: QualifiedKey;
  headingKey?: QualifiedKey;
  paragraphKeys: QualifiedKey[];
  values?: Record<string, string>;
  action?: { labelKey: QualifiedKey; url: string };
};

/** The translated label of a report type read from the database (the raw value when unknown). */
export function reportTypeLabel(t: TFunction, type: string): string {
  const known = oneOf(REPORT_TYPES, type);
  return known ? t(`site:reportTypes.${known}`) : type;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

type Template<D> = (t: TFunction, data: D, site: SiteInfo) => MailContent;

export const TEMPLATES = {
  reportOutcome: ((t, d, site) => {
    const type = reportTypeLabel(t, d.type);
    const approved = d.status === "approved";
    const blocks: MailBlock[] = [
      { kind: "text", text: t("mail:common.greeting", { name: d.reporterName }) },
      {
        kind: "text",
        text: t(approved ? "mail:reportOutcome.approved" : "mail:reportOutcome.rejected", {
          type,
          municipality: d.municipalityName,
        }),
      },
      { kind: "quote", label: t("mail:reportOutcome.yourReport"), text: clip(d.description, 500) },
    ];
    if (!approved && (d.reason || d.note)) {
      const known = oneOf(REPORT_REJECTION_REASONS, d.reason);
      const reason = [known ? t(`site:reportReasons.${known}`) : null, d.note].filter(Boolean).join(" — ");
      blocks.push({ kind: "quote", label: t("mail:reportOutcome.reason"), text: reason });
    }
    if (approved) {
      blocks.push({
        kind: "button",
        label: t("mail:reportOutcome.viewReports", { municipality: d.municipalityName }),
        url: `${site.baseUrl}/reports/${d.municipalitySlug}`,
      });
    }
    blocks.push({ kind: "text", text: t("mail:reportOutcome.myReportsIntro") });
    blocks.push({ kind: "button", label: t("mail:reportOutcome.myReports"), url: `${site.baseUrl}/my-reports` });
    const subject = t(approved ? "mail:reportOutcome.subjectApproved" : "mail:reportOutcome.subjectRejected", {
      type,
    });
    return { subject, preview: subject, heading: subject, blocks, footer: t("mail:reportOutcome.footer") };
  }) as Template<ReportOutcomeData>,

  urgentAlert: ((t, d, site) => {
    const type = reportTypeLabel(t, d.type);
    const subject = t("mail:urgentAlert.subject", { type, municipality: d.municipalityName });
    return {
      subject,
      preview: clip(d.description, 120),
      heading: subject,
      blocks: [
        { kind: "text", text: t("mail:urgentAlert.intro", { municipality: d.municipalityName }) },
        { kind: "text", text: t("mail:urgentAlert.when", { time: formatDateTime(d.reportedAt, site.locale) }) },
        {
          kind: "text",
          text: t("mail:urgentAlert.where", {
            place: d.place ? `${d.place}, ${d.municipalityName}` : d.municipalityName,
          }),
        },
        { kind: "quote", label: type, text: clip(d.description, 1000) },
        {
          kind: "button",
          label: t("mail:urgentAlert.view"),
          url: `${site.baseUrl}/reports/${d.municipalitySlug}#report-${d.reportId}`,
        },
      ],
      footer: t("mail:urgentAlert.footer", { municipality: d.municipalityName }),
    };
  }) as Template<UrgentAlertData>,

  weeklyDigest: ((t, d, site) => {
    const subject = t("mail:weeklyDigest.subject", { municipality: d.municipalityName });
    const item = (i: DigestItem) => ({
      title: i.title,
      detail: i.detail,
      url: `${site.baseUrl}${i.path}`,
      lang: i.lang,
      note: i.isOriginalFallback && i.lang ? t(`common:contentLanguage.originalIn.${i.lang}`) : undefined,
    });
    const blocks: MailBlock[] = [
      { kind: "text", text: t("mail:weeklyDigest.intro", { municipality: d.municipalityName }) },
    ];
    if (d.promotions.length)
      blocks.push({ kind: "list", title: t("mail:weeklyDigest.promotions"), items: d.promotions.map(item) });
    if (d.events.length) blocks.push({ kind: "list", title: t("mail:weeklyDigest.events"), items: d.events.map(item) });
    blocks.push({
      kind: "button",
      label: t("mail:weeklyDigest.visit", { municipality: d.municipalityName }),
      url: `${site.baseUrl}/${d.municipalitySlug}`,
    });
    return {
      subject,
      preview: t("mail:weeklyDigest.preview", { promotions: d.promotions.length, events: d.events.length }),
      heading: subject,
      blocks,
      footer: t(d.audience === "newsletter" ? "mail:weeklyDigest.footerNewsletter" : "mail:weeklyDigest.footerFollow", {
        municipality: d.municipalityName,
      }),
    };
  }) as Template<WeeklyDigestData>,

  newsletterConfirm: ((t, d) => {
    const subject = t("mail:newsletterConfirm.subject", { municipality: d.municipalityName });
    return {
      subject,
      preview: t("mail:newsletterConfirm.intro", { municipality: d.municipalityName }),
      heading: subject,
      blocks: [
        { kind: "text", text: t("mail:newsletterConfirm.intro", { municipality: d.municipalityName }) },
        { kind: "button", label: t("mail:newsletterConfirm.button"), url: d.confirmUrl },
        { kind: "text", text: t("mail:newsletterConfirm.ignore") },
      ],
      footer: t("mail:newsletterConfirm.footer"),
    };
  }) as Template<NewsletterConfirmData>,

  notice: ((t, d) => {
    const v = d.values ?? {};
    const subject = t(d.subjectKey, v);
    const blocks: MailBlock[] = d.paragraphKeys.map((k) => ({ kind: "text", text: t(k, v) }));
    if (d.action) blocks.push({ kind: "button", label: t(d.action.labelKey, v), url: d.action.url });
    return { subject, preview: subject, heading: d.headingKey ? t(d.headingKey, v) : subject, blocks };
  }) as Template<NoticeData>,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateData<K extends TemplateName> = Parameters<(typeof TEMPLATES)[K]>[1];

/** Sample data for the development preview (one per template). */
export const PREVIEW_DATA: { [K in TemplateName]: TemplateData<K> } = {
  reportOutcome: {
    reporterName: "Sanne Claes",
    status: "rejected",
    type: "infrastructure_issue",
    description: "The street light at the corner of Kerkstraat and Molenweg has been out for a week.",
    municipalityName: "Hasselt",
    municipalitySlug: "hasselt",
    reason: "duplicate",
    note: "Thanks! This one was already reported on Monday; the city's technical service is on it.",
  },
  urgentAlert: {
    municipalityName: "Hasselt",
    municipalitySlug: "hasselt",
    type: "water_outage",
    description: "No running water in the Sint-Katarinawijk until about 18:00 because of a burst main.",
    reportId: "00000000-0000-4000-8000-000000000000",
    reportedAt: "2026-03-14T08:05:00.000Z",
    place: "Sint-Katarinaplein",
  },
  weeklyDigest: {
    municipalityName: "Hasselt",
    municipalitySlug: "hasselt",
    audience: "newsletter",
    promotions: [
      { title: "Two coffees for one", detail: "Koffiebar De Markt", path: "/promotions/hasselt" },
      { title: "20% off bicycles", detail: "Fietsen Janssens", path: "/promotions/hasselt" },
    ],
    events: [{ title: "Jazz on the square", detail: "Sat 14 Mar 2026 · Grote Markt", path: "/events/hasselt" }],
  },
  newsletterConfirm: { municipalityName: "Hasselt", confirmUrl: "http://localhost:3000/newsletter/confirm?token=…" },
  notice: {
    subjectKey: "mail:preview.noticeSubject",
    paragraphKeys: ["mail:preview.noticeBody"],
    values: { name: "Sanne" },
    action: { labelKey: "mail:preview.noticeAction", url: "http://localhost:3000/profile" },
  },
};
