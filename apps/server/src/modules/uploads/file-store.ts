import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by key (`icon/100001/<32 hex>.png`). The default is the disk
 * under DATA_DIR/uploads; an S3-compatible store can implement the same three calls later
 * (put = PutObject, open = GetObject, remove = DeleteObject) without the routes changing.
 */
export interface FileStore {
  /** Stores the whole file under `key`; a reader never sees it half written. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file and its size, or null when the key holds nothing. */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/** Path segments of letters, digits, dot, dash, underscore; no empty, `.` or `..` segment. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 200 && SAFE_KEY.test(key);
}

function requireSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe file store key: ${JSON.stringify(key)}`);
  return key;
}

/** The store of this server's uploads: DATA_DIR/uploads (icons, batch spreadsheets). */
export function uploadsStore(dataDir: string): FileStore {
  return createDiskFileStore(join(dataDir, 'uploads'));
}

export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, ...requireSafeKey(key).split('/'));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then renamed into place (atomic on one file system).
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx', mode: 0o644 });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size, isFile } = await stat(path).then((s) => ({ size: s.size, isFile: s.isFile() }));
        if (!isFile) return null;
        return { body: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
