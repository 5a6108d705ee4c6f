import { join } from 'node:path';
import { buildApp } from './app';
import { describeChains } from './chains/chain-registry';
import { type Config, ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { chooseLogSink } from './lib/log-output';
import { StartupError } from './lib/startup-error';
import { describeMailDelivery } from './modules/mail/unsent-mail';
import { describeServerWarnings } from './modules/ops/server-warnings';

/**
 * The process: read the environment, open the database, listen, and close everything on
 * SIGINT/SIGTERM. Start-up failures print one plain line each (no stack) and exit 1.
 */
function exitWith(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.problems.map((p) => `Invalid configuration: ${p}`));
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : join(config.dataDir, 'pglite');
  const database = await createDatabase(config).catch((error: Error) =>
    exitWith([`Cannot open ${where}: ${error.message}`]),
  );
  // Readable lines on a terminal, JSON when piped (lib/log-output).
  const logSink = chooseLogSink(process.stdout);
  const app = await buildApp({ config, database, ...(logSink ? { logStream: logSink } : {}) }).catch(
    (error: Error) => (error instanceof StartupError ? exitWith([error.message]) : Promise.reject(error)),
  );
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    exitWith([`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`]);
  }

  // Listening for the stop signals before the banner: whoever reads it may stop us at once.
  let closing = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get 10 s to finish; then we stop waiting.
    setTimeout(() => exitWith(['Shutdown took over 10 s; exiting anyway']), 10_000).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      exitWith([`Shutdown failed: ${(error as Error).message}`]);
    }
  };
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);

  process.stdout.write(`\nTollgate is running at ${config.publicUrl}\n`);
  if (app.demoAccount) {
    process.stdout.write(`Demo login: ${app.demoAccount.email} / ${app.demoAccount.password}\n`);
  }
  if (app.demoOperator) {
    process.stdout.write(
      `Demo operator (${config.publicUrl}/ops): ${app.demoOperator.email} / ${app.demoOperator.password}\n`,
    );
  }
  // Without SMTP_URL no mail leaves the server: say so where a newcomer is looking.
  for (const line of describeMailDelivery(config)) process.stdout.write(`${line}\n`);
  // A safety rule weakened by a setting (ALLOW_PRIVATE_CALLBACKS=1), for as long as it is set.
  for (const line of describeServerWarnings(config)) process.stdout.write(`${line}\n`);
  // Devnet (simulated money) or live, and in live mode each chain that cannot run and why.
  for (const line of describeChains(app.chains)) process.stdout.write(`${line}\n`);
  process.stdout.write('\n');
}

main().catch((error: unknown) => {
  // Unexpected: worth the stack, unlike the configuration mistakes handled above.
  console.error(error);
  process.exit(1);
});
