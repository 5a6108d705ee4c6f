import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StartupError } from './startup-error';

/**
 * The key that seals secrets at rest (lib/secret-box.ts): 32 bytes, given as SECRET_KEY in
 * base64. With DATABASE_URL it must be given, because every node must open what another
 * sealed. On the embedded database it may be left out: a random key is then made once, kept
 * in DATA_DIR/secret.key (mode 0600) beside the data it protects, and reused on every start.
 * Losing that file (or changing SECRET_KEY) makes the sealed secrets unreadable: the start
 * refuses then (see db/seal-secrets.ts), rather than failing on each login.
 */
export const SECRET_KEY_BYTES = 32;
export const KEY_FILE = 'secret.key';
export const SECRET_KEY_RULE = 'must be 32 bytes in base64 (make one with: openssl rand -base64 32)';
export const SECRET_KEY_REQUIRED =
  'SECRET_KEY must be set with DATABASE_URL: every node must share the key that seals secrets at rest (make one with: openssl rand -base64 32)';

/** Standard base64 of exactly 32 bytes (padding optional), else null. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === SECRET_KEY_BYTES ? key : null;
}

export function resolveSecretKey(config: {
  secretKey: Buffer | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl) throw new StartupError(SECRET_KEY_REQUIRED);
  return loadOrCreateKeyFile(config.dataDir);
}

/**
 * Reads DATA_DIR/secret.key, or creates it: written whole to a private temporary file, then
 * linked into place, which fails if the key exists; so two starts never write two keys and no
 * one reads a half-written one.
 */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  if (!existsSync(path)) createKeyFile(path);
  const key = parseSecretKey(readFileSync(path, 'utf8'));
  if (!key) throw new StartupError(`${path} does not hold a key: it ${SECRET_KEY_RULE}`);
  return key;
}

function createKeyFile(path: string): void {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    // The umask can only have taken bits away; set the mode all the same.
    chmodSync(temporary, 0o600);
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new StartupError(`Cannot create ${path}: ${(error as Error).message}`);
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}
