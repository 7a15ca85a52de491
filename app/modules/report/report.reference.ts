/**
 * A report's reference as the reporter and a moderator say it to each other: "R-" and the first eight hex
 * digits of its id. Derived, never stored: the id stays the key, and an administrator's search finds a report
 * by its reference.
 */
export function reportReference(id: string): string {
  return `R-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

const REFERENCE = /^R-?([0-9A-F]{8})$/i;

/** The id prefix ("1a2b3c4d") a typed reference ("R-1A2B3C4D", "r1a2b3c4d") stands for, or null. */
export function referencePrefix(text: string): string | null {
  const m = REFERENCE.exec(text.trim());
  return m ? m[1].toLowerCase() : null;
}

/** What the reporter is shown right after filing: what was sent, and the reference to quote. */
export type FiledReport = {
  id: string;
  reference: string;
  type: string;
  description: string;
  imageUrl: string | null;
  createdAt: string;
  showName: boolean;
};

export function filedSummary(row: {
  id: string;
  type: string;
  description: string;
  imageUrl: string | null;
  createdAt: Date;
  showName: boolean;
}): FiledReport {
  return {
    id: row.id,
    reference: reportReference(row.id),
    type: row.type,
    description: row.description,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    showName: row.showName,
  };
}
