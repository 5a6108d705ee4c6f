// `npm start`: builds the web app, the hosted cashier and the server bundle only when their
// sources changed since their last build, and says so in one line each. `--always` builds regardless (npm run build,
// and so npm test); every successful build leaves a stamp (build-stamp.mjs) for the next start.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decideBuild, describeDecision, writeStamp } from './build-stamp.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONTRACTS = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json'];

/** @type {(import('./build-stamp.mjs').BuildTarget & { command: string[] })[]} */
export const TARGETS = [
  {
    name: 'web app',
    dist: 'apps/web/dist',
    mainOutput: 'index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/build-plugins',
      'apps/web/package.json',
      ...CONTRACTS,
    ],
    command: ['npm', 'run', 'build', '-w', '@tollgate/web'],
  },
  {
    name: 'cashier',
    dist: 'apps/cashier/dist',
    mainOutput: 'index.html',
    inputs: [
      'apps/cashier/src',
      'apps/cashier/index.html',
      'apps/cashier/vite.config.ts',
      'apps/cashier/package.json',
      ...CONTRACTS,
    ],
    command: ['npm', 'run', 'build', '-w', '@tollgate/cashier'],
  },
  {
    name: 'server',
    dist: 'apps/server/dist',
    mainOutput: 'server.js',
    inputs: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/scripts/build.mjs',
      'apps/server/package.json',
      ...CONTRACTS,
    ],
    command: ['npm', 'run', 'build', '-w', '@tollgate/server'],
  },
];

/**
 * Builds what needs it; returns the exit code (the failed build's, else 0). `run` runs a
 * command in the repository root and returns its exit code (tests pass their own).
 */
export function buildIfChanged({
  root = ROOT,
  targets = TARGETS,
  always = false,
  log = console.log,
  run = runCommand,
} = {}) {
  for (const target of targets) {
    const decision = decideBuild(root, target);
    if (!always) log(describeDecision(target, decision));
    if (decision.kind === 'up-to-date' && !always) continue;
    const status = run(target.command, root);
    if (status !== 0) return status;
    writeStamp(root, target, decision.hash);
  }
  return 0;
}

function runCommand(/** @type {string[]} */ [command = '', ...args], /** @type {string} */ cwd) {
  return spawnSync(command, args, { cwd, stdio: 'inherit' }).status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(buildIfChanged({ always: process.argv.includes('--always') }));
}
