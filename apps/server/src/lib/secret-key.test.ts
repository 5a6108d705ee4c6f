import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile, parseSecretKey, resolveSecretKey, SECRET_KEY_REQUIRED } from './secret-key';
import { StartupError } from './startup-error';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseSecretKey', () => {
  it('takes 32 bytes of base64, with or without padding', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('base64').replace(/=$/, '')}\n`)).toEqual(key);
  });

  it('refuses any other length or alphabet', () => {
    for (const bytes of [16, 31, 33, 64])
      expect(parseSecretKey(randomBytes(bytes).toString('base64'))).toBeNull();
    expect(parseSecretKey(randomBytes(32).toString('hex'))).toBeNull();
    expect(parseSecretKey(randomBytes(32).toString('base64url').replace(/^./, '-'))).toBeNull();
    expect(parseSecretKey('')).toBeNull();
  });
});

describe('the embedded key file', () => {
  it('is created once with mode 0600 and reused on later starts', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = loadOrCreateKeyFile(dataDir);
    const path = join(dataDir, 'secret.key');
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(readFileSync(path, 'utf8'))).toEqual(first);
    expect(loadOrCreateKeyFile(dataDir)).toEqual(first);
    expect(resolveSecretKey({ secretKey: undefined, databaseUrl: undefined, dataDir })).toEqual(first);
  });

  it('refuses a file that holds no key, naming it', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'secret.key'), 'not a key\n');
    expect(() => loadOrCreateKeyFile(dataDir)).toThrow(StartupError);
    expect(() => loadOrCreateKeyFile(dataDir)).toThrow(`${join(dataDir, 'secret.key')} does not hold a key`);
  });
});

describe('resolveSecretKey', () => {
  it('uses SECRET_KEY when given, and writes no file then', () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    expect(resolveSecretKey({ secretKey: key, databaseUrl: undefined, dataDir })).toBe(key);
    expect(() => statSync(join(dataDir, 'secret.key'))).toThrow();
  });

  it('stops the start with a PostgreSQL server and no SECRET_KEY', () => {
    const resolve = () =>
      resolveSecretKey({ secretKey: undefined, databaseUrl: 'postgres://db/x', dataDir: tempDir() });
    expect(resolve).toThrow(StartupError);
    expect(resolve).toThrow(SECRET_KEY_REQUIRED);
  });
});
