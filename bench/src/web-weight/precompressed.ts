/**
 * The web build writes `.br` and `.gz` copies beside its scripts and stylesheets for the
 * server to send as they are; a copy that is not exactly its file (compressed too early, from
 * a stale build) would break the page only where it is served compressed. This checks them all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface PrecompressedCheck {
  checked: number;
  /** Copies whose content is not their file's. */
  mismatched: string[];
}

export function checkPrecompressed(webDist: string): PrecompressedCheck {
  const assets = join(webDist, 'assets');
  const mismatched: string[] = [];
  let checked = 0;
  for (const name of readdirSync(assets)) {
    const decompress = name.endsWith('.br') ? brotliDecompressSync : name.endsWith('.gz') ? gunzipSync : null;
    if (!decompress) continue;
    checked += 1;
    const original = readFileSync(join(assets, name.replace(/\.(br|gz)$/, '')));
    if (!decompress(readFileSync(join(assets, name))).equals(original)) mismatched.push(name);
  }
  return { checked, mismatched };
}
