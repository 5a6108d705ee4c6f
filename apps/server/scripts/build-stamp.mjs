// Whether a build is up to date: a hash of its sources, kept in a stamp file inside its output
// directory after a successful build. The stamp also holds the size and time of the build's
// main output file, so a build made some other way (npm run build, vite build) since then
// counts as unknown: its sources are not the ones the stamp names.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const STAMP_FILE = '.build-stamp.json';

// Tests never reach a bundle; editing one must not cost a 35 s rebuild.
const IGNORED = /\.test\.[cm]?[jt]sx?$|(^|\/)(node_modules|dist)(\/|$)|(^|\/)\.DS_Store$/;

/**
 * @typedef {{ name: string, dist: string, mainOutput: string, inputs: string[] }} BuildTarget
 *   Paths relative to the repository root; `mainOutput` relative to `dist`.
 * @typedef {{ sources: string, builtAt: string, output: { size: number, mtimeMs: number } }} BuildStamp
 * @typedef {{ kind: 'up-to-date' | 'changed' | 'rebuilt-elsewhere' | 'never-built', hash: string, stamp: BuildStamp | null }} BuildDecision
 */

/** @param {string} root @param {string} path @returns {string[]} files under `path`, sorted */
function listFiles(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((entry) => relative(root, join(full, entry)).split('\\').join('/'))
    .filter((file) => !IGNORED.test(file) && statSync(join(root, file)).isFile())
    .sort();
}

/** sha256 over every input file's path and content (a missing input hashes as absent). */
export function hashSources(root, /** @type {string[]} */ inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs].sort()) {
    const files = listFiles(root, input);
    hash.update(`${input}\0${files.length}\0`);
    for (const file of files)
      hash
        .update(`${file}\0`)
        .update(readFileSync(join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} root @param {BuildTarget} target @returns {BuildStamp | null} */
export function readStamp(root, target) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, target.dist, STAMP_FILE), 'utf8'));
    return typeof stamp?.sources === 'string' && typeof stamp?.output?.mtimeMs === 'number' ? stamp : null;
  } catch {
    return null;
  }
}

/** @param {string} root @param {BuildTarget} target */
function outputFingerprint(root, target) {
  const file = join(root, target.dist, target.mainOutput);
  if (!existsSync(file)) return null;
  const { size, mtimeMs } = statSync(file);
  return { size, mtimeMs };
}

/** @param {string} root @param {BuildTarget} target @returns {BuildDecision} */
export function decideBuild(root, target) {
  const hash = hashSources(root, target.inputs);
  const stamp = readStamp(root, target);
  const output = outputFingerprint(root, target);
  if (!stamp || !output) return { kind: 'never-built', hash, stamp: null };
  if (stamp.sources !== hash) return { kind: 'changed', hash, stamp };
  const sameOutput = stamp.output.size === output.size && stamp.output.mtimeMs === output.mtimeMs;
  return { kind: sameOutput ? 'up-to-date' : 'rebuilt-elsewhere', hash, stamp };
}

/** After a successful build from sources that hashed to `hash` (taken before it started). */
export function writeStamp(
  root,
  /** @type {BuildTarget} */ target,
  /** @type {string} */ hash,
  now = new Date(),
) {
  const output = outputFingerprint(root, target);
  if (!output) throw new Error(`${target.name}: the build left no ${join(target.dist, target.mainOutput)}`);
  /** @type {BuildStamp} */
  const stamp = { sources: hash, builtAt: now.toISOString(), output };
  writeFileSync(join(root, target.dist, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** `2026-11-23 10:12` in local time. */
function formatWhen(/** @type {string} */ iso) {
  const d = new Date(iso);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The one line `npm start` prints per target. */
export function describeDecision(/** @type {BuildTarget} */ target, /** @type {BuildDecision} */ decision) {
  if (decision.kind === 'up-to-date' && decision.stamp) {
    return `${target.name} up to date (built ${formatWhen(decision.stamp.builtAt)}), skipping build`;
  }
  if (decision.kind === 'changed') return `${target.name} sources changed since the last build: rebuilding`;
  if (decision.kind === 'rebuilt-elsewhere')
    return `${target.name} was rebuilt without a stamp since: rebuilding`;
  return `${target.name} not built yet: building`;
}
