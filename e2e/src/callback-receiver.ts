import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A shop's callback endpoint on loopback (the e2e server runs with ALLOW_PRIVATE_CALLBACKS=1):
 * it keeps every request it gets and acknowledges with `success`, as the merchant API asks.
 */
export interface ReceivedCallback {
  signature: string;
  body: string;
  event: { id: string; type: string; data: { order: { orderNo: string; status: string } } };
}

export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        signature: String(request.headers['tollgate-signature'] ?? ''),
        body,
        event: JSON.parse(body) as ReceivedCallback['event'],
      });
      response.end('success');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/notify`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Checks `Tollgate-Signature: t=<s>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` as a shop would. */
export function isSignedBy(callback: ReceivedCallback, secret: string): boolean {
  const parts = Object.fromEntries(callback.signature.split(',').map((part) => part.split('=', 2)));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${callback.body}`, 'utf8').digest('hex');
  return expected === parts.v1;
}
