import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskFileStore, isSafeKey } from './file-store';

const root = await mkdtemp(join(tmpdir(), 'tollgate-files-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('disk file store', () => {
  it('puts, opens and removes a file by key, leaving no temporary file', async () => {
    const store = createDiskFileStore(root);
    await store.put('icon/100001/abc.png', Buffer.from('hello'));
    const opened = await store.open('icon/100001/abc.png');
    if (!opened) throw new Error('the file was not stored');
    expect(opened.size).toBe(5);
    expect(await text(opened.body)).toBe('hello');
    expect(await readdir(join(root, 'icon', '100001'))).toEqual(['abc.png']);
    await store.remove('icon/100001/abc.png');
    expect(await store.open('icon/100001/abc.png')).toBeNull();
    expect(await store.open('icon/100001')).toBeNull();
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of [
      '../x.png',
      'icon/../../x',
      '/etc/passwd',
      'icon//x',
      'icon/./x',
      'a\\b',
      '',
      'icon/x/',
    ]) {
      expect(isSafeKey(key), key).toBe(false);
    }
    expect(isSafeKey('icon/100001/0123abcd.webp')).toBe(true);
    await expect(createDiskFileStore(root).put('../escape.png', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(createDiskFileStore(root).open('../escape.png')).rejects.toThrow(/unsafe/);
  });
});
