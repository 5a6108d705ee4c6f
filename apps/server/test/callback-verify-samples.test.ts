import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_VERIFY_SAMPLES } from '../src/modules/api-docs/callback-verify-samples';
import { signCallback } from '../src/modules/callbacks/callback-signature';

/**
 * The callback checks /docs/api publishes, run as published with node, php and python3: true for
 * a callback the server signed, false for every missing or malformed header, and never an
 * exception (the driver would exit non-zero, and the test fail, on one).
 */
const run = promisify(execFile);
const secret = 'a'.repeat(64);
const body = '{"id":"evt_1","type":"test","createdAt":"2026-11-26T00:00:00.000Z","data":{"appId":"x"}}';
const now = Math.floor(Date.now() / 1000);
const valid = signCallback(secret, body, now);
const v1 = valid.split('v1=')[1] as string;

/** [what, header (any JSON value), body, secret, expected]. */
const CASES: [string, unknown, string, string, boolean][] = [
  ['a valid signature', valid, body, secret, true],
  ['spaces around the parts', ` t=${now} , v1=${v1} `, body, secret, true],
  ['another body', valid, `${body} `, secret, false],
  ['another secret', valid, body, 'b'.repeat(64), false],
  ['a missing header (null)', null, body, secret, false],
  ['an empty header', '', body, secret, false],
  ['a number for a header', 12345, body, secret, false],
  ['a list for a header', ['t=1', `v1=${v1}`], body, secret, false],
  ['an object for a header', { t: now, v1 }, body, secret, false],
  ['no t', `v1=${v1}`, body, secret, false],
  ['no v1', `t=${now}`, body, secret, false],
  ['a word for t', `t=abc,v1=${v1}`, body, secret, false],
  ['a negative t', `t=-${now},v1=${v1}`, body, secret, false],
  ['t in exponent form', `t=1e9,v1=${v1}`, body, secret, false],
  ['t of a superscript digit', `t=²,v1=${v1}`, body, secret, false],
  ['t of Arabic-Indic digits', `t=١٢٣,v1=${v1}`, body, secret, false],
  ['a huge t', `t=${'9'.repeat(40)},v1=${v1}`, body, secret, false],
  ['an old t', signCallback(secret, body, now - 3600), body, secret, false],
  ['v1 too short', `t=${now},v1=${v1.slice(2)}`, body, secret, false],
  ['v1 not hex', `t=${now},v1=${'g'.repeat(64)}`, body, secret, false],
  ['v1 in upper case', `t=${now},v1=${v1.toUpperCase()}`, body, secret, false],
  ['v1 with non-ASCII', `t=${now},v1=${'é'.repeat(64)}`, body, secret, false],
  ['separators only', ',,=,==,', body, secret, false],
  ['no separator at all', 'garbage', body, secret, false],
  ['a newline after t', `t=${now}\n,v1=${v1}`, body, secret, true],
];

const DRIVERS: Record<
  (typeof CALLBACK_VERIFY_SAMPLES)[number]['label'],
  { file: string; driver: string; command: string }
> = {
  Node: {
    file: 'verify.mjs',
    command: process.execPath,
    driver: `import { readFileSync } from 'node:fs';
import { verifyCallback } from './verify.mjs';
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
console.log(JSON.stringify(cases.map(([header, body, secret]) => verifyCallback(body, header, secret))));
`,
  },
  PHP: {
    file: 'verify.php',
    command: 'php',
    driver: `<?php
require __DIR__ . '/verify.php';
$cases = json_decode(file_get_contents($argv[1]), true);
echo json_encode(array_map(fn ($c) => verify_callback($c[1], $c[0], $c[2]), $cases));
`,
  },
  Python: {
    file: 'verify.py',
    command: 'python3',
    driver: `import json
import sys
from verify import verify_callback
cases = json.load(open(sys.argv[1]))
print(json.dumps([verify_callback(body.encode(), header, secret) for header, body, secret in cases]))
`,
  },
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tollgate-verify-'));
  writeFileSync(join(dir, 'cases.json'), JSON.stringify(CASES.map(([, header, b, s]) => [header, b, s])));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the published callback checks', () => {
  for (const sample of CALLBACK_VERIFY_SAMPLES) {
    it(`${sample.label}: true for a signed callback, false for a missing or malformed header, never throws`, async () => {
      const { file, driver, command } = DRIVERS[sample.label];
      writeFileSync(join(dir, file), sample.source);
      const driverFile = join(dir, `driver-${file}`);
      writeFileSync(driverFile, driver);
      const { stdout } = await run(command, [driverFile, join(dir, 'cases.json')], {
        cwd: dir,
        timeout: 30_000,
      });
      const results = JSON.parse(stdout) as boolean[];
      expect(Object.fromEntries(CASES.map(([what], i) => [what, results[i]]))).toEqual(
        Object.fromEntries(CASES.map(([what, , , , expected]) => [what, expected])),
      );
    });
  }
});
