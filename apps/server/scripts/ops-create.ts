// Creates an operator of the /ops console: npm run ops:create -- --email ops@example.com --password '…'
// The password follows the merchants' rule (8 to 32 characters, a lowercase letter, an uppercase
// letter and a digit). Works on the database the server uses (DATABASE_URL, or the embedded one
// under DATA_DIR, migrated first if it is new). Exits 0 when created, 1 when refused (bad
// arguments, the email taken), 2 when the database cannot be opened.
// The embedded database is one process's at a time: stop the server before running it there.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { emailField, passwordField } from '@tollgate/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { createOperator } from '../src/modules/ops/create-operator';

const USAGE = 'usage: npm run ops:create -- --email <email> --password <password>';

function refuse(lines: string[], code: number): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(code);
}

function readArguments(): { email: string; password: string } {
  let values: { email?: string | undefined; password?: string | undefined };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    refuse([`ops:create: ${(error as Error).message}`, USAGE], 1);
  }
  const email = emailField.safeParse(values.email ?? '');
  const problems: string[] = [];
  if (!email.success)
    problems.push(`ops:create: --email must be an email address (got "${values.email ?? ''}")`);
  if (!passwordField.safeParse(values.password ?? '').success) {
    problems.push(
      'ops:create: --password must be 8 to 32 characters with a lowercase letter, an uppercase letter and a digit',
    );
  }
  if (problems.length > 0 || !email.success) refuse([...problems, USAGE], 1);
  return { email: email.data, password: values.password ?? '' };
}

function readConfig() {
  try {
    // Nothing sealed is written: the server's SECRET_KEY is not needed to create an operator.
    return loadConfig({
      ...process.env,
      SECRET_KEY: process.env.SECRET_KEY || randomBytes(32).toString('base64'),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    refuse(
      error.problems.map((problem) => `Invalid configuration: ${problem}`),
      2,
    );
  }
}

const input = readArguments();
const config = readConfig();
const where = config.databaseUrl ? 'the database at DATABASE_URL' : join(config.dataDir, 'pglite');
let database: Awaited<ReturnType<typeof createDatabase>>;
try {
  database = await createDatabase(config);
  await database.migrate();
} catch (error) {
  refuse([`ops:create: cannot open ${where}: ${(error as Error).message}`], 2);
}
let exitCode = 0;
try {
  const operator = await createOperator(database.db, { ...input, now: new Date() });
  if (operator) {
    process.stdout.write(`ops:create: operator ${operator.email} (id ${operator.id}) created in ${where}\n`);
    process.stdout.write(
      'ops:create: log in at /ops; in CHAIN_MODE=live Google Authenticator is bound first\n',
    );
  } else {
    process.stderr.write(
      `ops:create: an operator with the email ${input.email} already exists in ${where}; nothing changed\n`,
    );
    exitCode = 1;
  }
} finally {
  await database.close();
}
process.exit(exitCode);
