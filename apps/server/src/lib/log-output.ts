import { prettyFactory } from 'pino-pretty';

/**
 * Where the server's log lines go and in what form. A person at a terminal reads lines
 * (`10:12:03.412 INFO: [4f1c…] POST /front/login 200 in 12 ms`); anything else (a pipe, a
 * file, a log collector) gets pino's JSON, one object a line, as before.
 *
 * pino-pretty runs here as a plain function on each line, in this thread: no transport
 * worker to resolve from the esbuild bundle, and lines keep their order with the banner
 * server.ts writes to the same stdout.
 */
export interface LogSink {
  write(line: string): void;
}

export function isPrettyLogOutput(stdout: { isTTY?: boolean }): boolean {
  return stdout.isTTY === true;
}

/** The fields Fastify's request lines carry, folded into their message. */
interface RequestLogFields {
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

export function formatLogMessage(log: Record<string, unknown>, messageKey: string): string {
  const { reqId, req, res, responseTime } = log as RequestLogFields;
  const parts = [typeof reqId === 'string' ? `[${reqId}]` : '', String(log[messageKey] ?? '')];
  if (req?.method !== undefined) parts.push(`${req.method} ${req.url}`);
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof responseTime === 'number') parts.push(`in ${Math.round(responseTime)} ms`);
  return parts.filter(Boolean).join(' ');
}

/** A sink that turns each JSON line into a readable one and writes it to `out`. */
export function createPrettyLogSink(out: LogSink, colorize: boolean): LogSink {
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    // Folded into the message above; pid and host say nothing on one machine.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => formatLogMessage(log, messageKey),
  });
  return { write: (line) => out.write(prettify(line)) };
}

/** The log sink for the process's stdout: readable on a terminal, else undefined (pino's JSON). */
export function chooseLogSink(stdout: NodeJS.WriteStream): LogSink | undefined {
  if (!isPrettyLogOutput(stdout)) return undefined;
  return createPrettyLogSink(stdout, stdout.hasColors?.() ?? false);
}
