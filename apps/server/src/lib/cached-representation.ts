import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A generated text that does not change while the process runs (the API documentation page,
 * its script), compressed once with Brotli and gzip and answered by the request's
 * Accept-Encoding, with a validator so a revalidating browser gets a 304 and no body.
 * The ETag is weak: the three encodings carry the same content.
 */
export interface CachedRepresentation {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  contentType: string;
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

export function cacheRepresentation(text: string, contentType: string): CachedRepresentation {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    contentType,
  };
}

/**
 * The coding to answer with (RFC 9110 12.5.3): the smallest one the client accepts with a
 * q above 0, Brotli before gzip; `*` stands for any coding not named; identity otherwise.
 */
export function pickCoding(acceptEncoding: string | undefined): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || accepts('x-gzip')) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this ETag (weak comparison) or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Answers with the representation: 304 when the client's copy is current, else the body in
 * the coding the client takes. `headers` (cache-control, vary, …) go on both answers;
 * Vary always names Accept-Encoding.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: CachedRepresentation,
  headers: Record<string, string> = {},
): FastifyReply {
  const vary = ['accept-encoding', headers.vary].filter(Boolean).join(', ');
  reply.headers({ ...headers, vary, etag: representation.etag });
  if (matches(request.headers['if-none-match'], representation.etag)) return reply.code(304).send();
  const coding = pickCoding(request.headers['accept-encoding']);
  reply.header('content-type', representation.contentType);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(representation[coding]);
}
