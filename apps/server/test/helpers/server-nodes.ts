import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { freePort } from './free-port';

/**
 * server.ts started as real processes (`node --import tsx src/server.ts`), each on its own
 * free port, and plain HTTP calls to them. `localAddress` picks the caller's loopback address
 * (127.0.0.x), so a test can be several client IPs without trusting any proxy header.
 */
const serverDir = new URL('../..', import.meta.url).pathname;

export interface ServerNode {
  base: string;
  child: ChildProcess;
  output: { stdout: string; stderr: string };
}

/** Started, not waited for: a test that expects the start to fail awaits `exited`. */
export async function spawnServerNode(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { base: `http://127.0.0.1:${port}`, child, output, exited };
}

export async function startServerNode(env: Record<string, string>): Promise<ServerNode> {
  const node = await spawnServerNode(env);
  await waitUntilHealthy(node);
  return node;
}

/** Resolves when the banner says the server listens (server.ts prints it after listen), by event, not by polling. */
function waitUntilHealthy(node: ServerNode, timeoutMs = 90_000): Promise<void> {
  const listening = () => node.output.stdout.includes('Tollgate is running at');
  if (listening()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      node.child.stdout?.off('data', onData);
      node.child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = () => {
      if (listening()) finish();
    };
    const onExit = (code: number | null) =>
      finish(new Error(`server exited with ${code}: ${node.output.stderr.trim()}`));
    const timer = setTimeout(
      () => finish(new Error(`server did not listen within ${timeoutMs} ms: ${node.output.stderr.trim()}`)),
      timeoutMs,
    );
    node.child.stdout?.on('data', onData);
    node.child.once('exit', onExit);
  });
}

/** SIGTERM, and the exit code once it is gone. */
export async function stopServerNode(node: ServerNode): Promise<number | null> {
  if (node.child.exitCode !== null) return node.child.exitCode;
  const exited = new Promise<number | null>((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  return exited;
}

export interface CallOptions {
  form?: Record<string, string>;
  token?: string;
  localAddress?: string;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call.
  body: { code: number; data: any; message: string };
}

export function callNode(
  node: Pick<ServerNode, 'base'>,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const payload = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${node.base}${path}`,
      {
        method,
        localAddress: options.localAddress ?? '127.0.0.1',
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(options.token ? { 'x-auth-token': options.token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
