/**
 * Where the bytes of uploaded images live (decision 0010). A small interface with two drivers:
 *
 * - "db" (default): in the media_variants table (bytea), so a backup of the database is a backup of the site
 *   and deleting a row (or an account) deletes its images in the same transaction, through the foreign keys;
 * - "dir": files named like their addresses in MEDIA_DIR. The database keeps the media rows; files whose row
 *   is gone (deleted with its promotion, event, report or account) are removed by `sweep`.
 *
 * An S3-compatible store would be a third driver with the same four calls (see the decision record).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { media, mediaVariants } from "@db/schema";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { type MediaFormat, mediaUrl, parseMediaFile } from "./media.url";
import type { Variant } from "./media.process.server";

type MediaStore = {
  kind: "db" | "dir";
  /** Stores a new image's variants (inside the transaction that inserts its media row). */
  put(tx: DbOrTx, mediaId: string, hash: string, variants: Variant[]): Promise<void>;
  /** One variant's bytes, or null. */
  get(mediaId: string, hash: string, width: number, format: MediaFormat): Promise<Buffer | null>;
  /** Removes stored bytes that no media row owns any more; returns how many were removed. */
  sweep(): Promise<number>;
};

const databaseStore: MediaStore = {
  kind: "db",
  async put(tx, mediaId, _hash, variants) {
    await tx
      .insert(mediaVariants)
      .values(
        variants.map((v) => ({ mediaId, width: v.width, format: v.format, bytes: v.bytes, size: v.bytes.length })),
      );
  },
  async get(mediaId, _hash, width, format) {
    const db = await getDb();
    const [row] = await db
      .select({ bytes: mediaVariants.bytes })
      .from(mediaVariants)
      .where(and(eq(mediaVariants.mediaId, mediaId), eq(mediaVariants.width, width), eq(mediaVariants.format, format)))
      .limit(1);
    return row?.bytes ?? null;
  },
  // Variants are deleted with their media row (ON DELETE CASCADE): nothing is ever left behind.
  sweep: async () => 0,
};

export function directoryStore(dir: string): MediaStore {
  const root = path.resolve(dir);
  const fileOf = (hash: string, width: number, format: MediaFormat) =>
    path.join(root, mediaUrl(hash, width as 320, format).slice("/media/".length));
  return {
    kind: "dir",
    async put(tx, mediaId, hash, variants) {
      await fs.mkdir(root, { recursive: true });
      for (const v of variants) {
        const file = fileOf(hash, v.width, v.format);
        // Written beside, then renamed: a reader never sees half a file.
        await fs.writeFile(`${file}.part`, v.bytes);
        await fs.rename(`${file}.part`, file);
      }
      await tx
        .insert(mediaVariants)
        .values(
          variants.map((v) => ({ mediaId, width: v.width, format: v.format, bytes: null, size: v.bytes.length })),
        );
    },
    async get(_mediaId, hash, width, format) {
      try {
        return await fs.readFile(fileOf(hash, width, format));
      } catch {
        return null;
      }
    },
    async sweep() {
      let names: string[];
      try {
        names = await fs.readdir(root);
      } catch {
        return 0;
      }
      const byHash = new Map<string, string[]>();
      for (const name of names) {
        const hash = parseMediaFile(name.replace(/\.part$/, ""))?.hash;
        if (!hash) continue;
        byHash.set(hash, [...(byHash.get(hash) ?? []), name]);
      }
      if (byHash.size === 0) return 0;
      const db = await getDb();
      const hashes = [...byHash.keys()];
      const kept = new Set<string>();
      for (let i = 0; i < hashes.length; i += 500) {
        const rows = await db
          .select({ hash: media.hash })
          .from(media)
          .where(inArray(media.hash, hashes.slice(i, i + 500)));
        for (const r of rows) kept.add(r.hash);
      }
      let removed = 0;
      for (const [hash, files] of byHash) {
        if (kept.has(hash)) continue;
        for (const f of files) {
          await fs.rm(path.join(root, f), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

let override: MediaStore | undefined;

/** The configured store (MEDIA_STORAGE); tests may set another with `useMediaStore`. */
export function mediaStore(): MediaStore {
  if (override) return override;
  const e = env();
  return e.MEDIA_STORAGE === "dir" ? directoryStore(e.MEDIA_DIR) : databaseStore;
}

export function useMediaStore(store: MediaStore | undefined) {
  override = store;
}

/** The driver that holds a given media row's bytes (rows remember where they were written). */
export function storeFor(kind: string): MediaStore {
  const current = mediaStore();
  if (current.kind === kind) return current;
  return kind === "dir" ? directoryStore(env().MEDIA_DIR) : databaseStore;
}
