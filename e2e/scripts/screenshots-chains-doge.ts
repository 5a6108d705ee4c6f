/**
 * Screenshots of the operator console's Chains page with a live DOGE chain (issue 33), into
 * docs/screenshots: the production build in CHAIN_MODE=live against `litecoind -regtest`
 * (standing in for Dogecoin Core; DOGE_NETWORK=regtest), the operator funding the hot wallet
 * twice (two unspent outputs), three DOGE orders paid from the node's wallet and credited, and
 * their consolidation in flight. At 1440 px in en_US and zh_CN, at 390 px in en_US and vi_VN.
 * Needs the root `npm run build` first and Debian's litecoind:
 *   npx tsx e2e/scripts/screenshots-chains-doge.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from '../src/app-server';
import { LAUNCH_OPTIONS } from '../src/browser';
import { createShopApp, createSignedOrder } from '../src/signed-orders';
import { totp } from '../src/totp';
import { DESKTOP, openAs, PHONE, shoot, type Viewport } from './screenshot-kit';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const SHOTS: [string, Viewport][] = [
  ['en_US', DESKTOP],
  ['zh_CN', DESKTOP],
  ['en_US', PHONE],
  ['vi_VN', PHONE],
];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

/** Polls `check` every 500 ms until it answers something truthy, or fails after `ms`. */
async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    const value = await check().catch((error: unknown) => {
      last = error;
      return undefined;
    });
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: timed out (${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function startNode() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-shot-litecoind-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    'litecoind',
    [
      '-regtest',
      '-vbparams=mweb:-2:0',
      '-txindex',
      '-server',
      '-listen=0',
      '-printtoconsole=0',
      `-datadir=${dataDir}`,
      `-rpcport=${port}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-rpcuser=tollgate',
      '-rpcpassword=regtest',
      '-fallbackfee=0.0002',
    ],
    { stdio: 'ignore' },
  );
  const url = `http://tollgate:regtest@127.0.0.1:${port}`;
  const rpc = async <T>(method: string, params: unknown[] = [], wallet = false): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${port}${wallet ? '/wallet/w' : ''}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('tollgate:regtest').toString('base64')}`,
      },
      body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result: T; error: { message: string } | null };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  await until('litecoind', () => rpc('getblockchaininfo').then(() => true), 60_000);
  await rpc('createwallet', ['w']);
  const miner = await rpc<string>('getnewaddress', ['', 'legacy'], true);
  const mine = (blocks = 1) => rpc('generatetoaddress', [blocks, miner]);
  await mine(150);
  return {
    url,
    mine,
    send: (address: string, amount: string) => rpc<string>('sendtoaddress', [address, amount], true),
    stop: async () => {
      await rpc('stop').catch(() => undefined);
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const node = await startNode();
  Object.assign(process.env, {
    CHAIN_MODE: 'live',
    WALLET_MNEMONIC:
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    RPC_URL_DOGE: node.url,
    DOGE_NETWORK: 'regtest',
    CONFIRMATIONS_DOGE: '2',
    SWEEP_MIN_DOGE: '50',
    SWEEP_INTERVAL_MS: '1000',
    // A live chain is polled every third of the lease: about once a second here.
    WATCHER_LEASE_MS: '3000',
  });
  const running = await startApp().catch(async (error: unknown) => {
    await node.stop();
    throw error;
  });
  const baseUrl = running.baseUrl;
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const login = await fetch(`${baseUrl}/front/ops/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OPERATOR),
    });
    const opsToken = ((await login.json()) as { data: { token: string } }).data.token;
    // Live mode: the operator binds Google Authenticator before anything else answers.
    const check = await fetch(`${baseUrl}/front/ops/google/check`, { headers: { 'x-ops-token': opsToken } });
    const { secret } = ((await check.json()) as { data: { secret: string } }).data;
    const bound = await fetch(`${baseUrl}/front/ops/google/bind`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': opsToken },
      body: JSON.stringify({ password: DEMO_OPERATOR.password, code: totp(secret) }),
    });
    if (((await bound.json()) as { code: number }).code !== 0) throw new Error('Google bind refused');
    const chainsPage = async () => {
      const response = await fetch(`${baseUrl}/front/ops/chains`, { headers: { 'x-ops-token': opsToken } });
      const body = (await response.json()) as {
        data: {
          chains: {
            chainId: string;
            scannedHeight: number | null;
            wallets: { role: string; address: string; unspentOutputs: number | null }[];
            sends: { kind: string }[];
          }[];
        };
      };
      if (!body.data) throw new Error(`GET /front/ops/chains: ${JSON.stringify(body).slice(0, 300)}`);
      const doge = body.data.chains.find((chain) => chain.chainId === 'DOGE');
      if (!doge) throw new Error('no DOGE chain');
      return doge;
    };
    const started = await until('the DOGE scan', async () => {
      const doge = await chainsPage();
      return doge.scannedHeight !== null && doge;
    });
    const hot = started.wallets.find((wallet) => wallet.role === 'hot')?.address ?? '';
    // The operator funds the hot wallet, twice.
    await node.send(hot, '500');
    await node.send(hot, '250');
    const shop = await createShopApp(baseUrl, 'Screenshot shop');
    for (const amount of ['60', '75.5', '120']) {
      const order = (await createSignedOrder(baseUrl, shop, {
        currency: 'DOGE',
        network: 'DOGE',
        amount,
      })) as unknown as { payAddress: string };
      await node.send(order.payAddress, amount);
    }
    await node.mine(3);
    // The three orders credited, then swept in one consolidation, broadcast and not yet mined.
    await until('the consolidation in flight', async () => {
      const doge = await chainsPage();
      return doge.sends.some((send) => send.kind === 'sweep') && doge;
    });

    for (const [language, viewport] of SHOTS) {
      const page = await openAs(browser, baseUrl, language, viewport);
      await page
        .context()
        .addInitScript((token) => window.sessionStorage.setItem('opsToken', token), opsToken);
      await page.goto('/ops/chains');
      await page.getByTestId('ops-chain-DOGE').getByTestId('ops-chain-unspent').waitFor();
      await page.getByTestId('ops-chain-DOGE').scrollIntoViewIfNeeded();
      const height = await page.evaluate(() => {
        const content = document.querySelector<HTMLElement>('[data-testid="ops-content"]');
        return content ? content.getBoundingClientRect().top + content.scrollHeight : 0;
      });
      await page.setViewportSize({
        width: viewport.width,
        height: Math.max(viewport.height, Math.ceil(height)),
      });
      const tag = `${viewport.width}-${language.toLowerCase().replace('_', '-')}`;
      await shoot(OUT_DIR, page, `ops-chains-doge-${tag}`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await running.stop();
    await node.stop();
  }
}

await main();
