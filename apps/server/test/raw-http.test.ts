/**
 * Requests as raw bytes on a real socket: what Node's HTTP parser refuses before Fastify sees
 * it, and bodies whose size no header announces. app.inject cannot produce either.
 */

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs } from './helpers/factories';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/**
 * Writes `head`, then `chunks` (one per tick) until the server answers, and reads the answer:
 * done once its Content-Length is in, or when the server closes.
 */
function exchange(head: string, chunks: Iterable<string> = []): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const parse = (): RawResponse | null => {
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const headers = text.slice(0, end);
      const length = Number(headers.match(/content-length: (\d+)/i)?.[1] ?? Number.NaN);
      const body = received.subarray(Buffer.byteLength(text.slice(0, end + 4)));
      if (body.length < length) return null;
      return { status: Number(headers.split(' ')[1]), headers, body: body.toString('utf8') };
    };
    const finish = () => {
      const response = parse();
      socket.destroy();
      if (response) resolve(response);
      else reject(new Error(`no complete response: ${received.toString('utf8').slice(0, 200)}`));
    };
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      if (parse()) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', finish);
    socket.write(head);
    const iterator = chunks[Symbol.iterator]();
    const writeNext = () => {
      if (received.length > 0 || socket.destroyed) return;
      const next = iterator.next();
      if (next.done) return;
      socket.write(next.value, () => setImmediate(writeNext));
    };
    writeNext();
  });
}

const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;

describe('requests the HTTP parser refuses', () => {
  it('a malformed header line → 400 envelope (1002), in the lang the request named', async () => {
    const response = await exchange(
      'GET /front/config/chainList HTTP/1.1\r\nHost: x\r\nlang: en_US\r\nthis is no header\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(response.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(response.body)).toEqual({
      code: 1002,
      data: null,
      message: 'The request could not be read',
    });
  });

  it('a URL over the header limit → 431 envelope (1003), zh_CN by default', async () => {
    const response = await exchange(
      `GET /front/config/chainList?v=${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({ code: 1003, data: null, message: '请求内容过大' });
  });

  it('headers over the limit → 431 envelope (1003)', async () => {
    const response = await exchange(
      `GET /health HTTP/1.1\r\nHost: x\r\nlang: vi_VN\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({ code: 1003, data: null, message: 'Yêu cầu quá lớn' });
  });
});

describe('bodies without a Content-Length (chunked)', () => {
  it('an endless multipart body → 1003 while it is still arriving', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const part = chunk(`--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n`);
    function* endless() {
      yield part;
      // 64 KiB a chunk, forever: only a server that counts bytes as they come answers.
      for (;;) yield chunk('x'.repeat(65_536));
    }
    const response = await exchange(
      'POST /front/admin/login-out HTTP/1.1\r\nHost: x\r\nlang: en_US\r\n' +
        `x-auth-token: ${token}\r\ncontent-type: multipart/form-data; boundary=b\r\n` +
        'transfer-encoding: chunked\r\n\r\n',
      endless(),
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      code: 1003,
      data: null,
      message: 'The request is too large',
    });
    // The logout never ran.
    const info = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
    expect(info.json().code).toBe(0);
  });

  it('an answer given mid-body is not lost: the rest is read, then the connection closes, and a request sent behind it never runs', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const filler = chunk('x'.repeat(65_536));
    const logout =
      'POST /front/admin/login-out HTTP/1.1\r\nHost: x\r\n' +
      `x-auth-token: ${token}\r\ncontent-length: 0\r\n\r\n`;
    const outcome = await new Promise<{ received: string; error: string | null }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let error: string | null = null;
      let answered = false;
      socket.on('error', (cause: NodeJS.ErrnoException) => {
        error = cause.code ?? cause.message;
      });
      socket.on('close', () => resolve({ received, error }));
      socket.on('data', (data: Buffer) => {
        received += data.toString('utf8');
        if (answered || !received.includes('\r\n\r\n{')) return;
        answered = true;
        // The client goes on as one whose bytes were already in flight would: about a
        // megabyte more (a server that closed at once resets the connection: EPIPE or
        // ECONNRESET here), the body's end, and another request on the same connection,
        // which the server must close without running it.
        for (let i = 0; i < 16; i++) socket.write(filler);
        socket.write(`0\r\n\r\n${logout}`);
      });
      socket.write(
        'POST /front/admin/login-out HTTP/1.1\r\nHost: x\r\nlang: en_US\r\n' +
          `x-auth-token: ${token}\r\ncontent-type: multipart/form-data; boundary=b\r\n` +
          'transfer-encoding: chunked\r\n\r\n' +
          chunk('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n'),
      );
      const writeUntilAnswered = () => {
        if (!answered && !socket.destroyed) socket.write(filler, () => setImmediate(writeUntilAnswered));
      };
      writeUntilAnswered();
    });
    expect(outcome.error).toBeNull();
    expect(outcome.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.received).toMatch(/\r\nconnection: close\r\n/i);
    // One answer only: the request behind the body got none, and did not run.
    expect(outcome.received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const info = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
    expect(info.json().code).toBe(0);
  });
});
