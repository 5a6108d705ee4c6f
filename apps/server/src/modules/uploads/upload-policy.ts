import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_DIRS, UPLOAD_LIMITS, type UploadDir } from '@tollgate/contracts';
import { z } from 'zod';

/**
 * The signed upload policy (the OSS/S3 "POST policy" pattern): the server states who may
 * store what, where and until when; the browser posts it back with the file, and the upload
 * route believes nothing the policy does not say (the folder decides the size and the types:
 * UPLOAD_LIMITS). Fields: `policy` = base64url of the JSON
 * below, `signature` = hex HMAC-SHA256 of that text under a key derived from the secret box
 * (SecretBox.deriveKey('upload-policy')): the same on every node, useless for anything else.
 */
export const POLICY_TTL_MS = 10 * 60 * 1000;
export const POLICY_KEY_PURPOSE = 'upload-policy';

const policySchema = z.object({
  v: z.literal(1),
  merchantId: z.number().int().positive(),
  dir: z.enum(UPLOAD_DIRS),
  keyPrefix: z.string(),
  maxBytes: z.number().int().positive().max(UPLOAD_BODY_MAX_BYTES),
  expiresAt: z.number().int(),
});
export type UploadPolicy = z.infer<typeof policySchema>;

export function keyPrefixOf(dir: UploadDir, merchantId: number): string {
  return `${dir}/${merchantId}/`;
}

function sign(key: Buffer, policy: string): string {
  return createHmac('sha256', key).update(policy, 'utf8').digest('hex');
}

export function createUploadPolicy(
  key: Buffer,
  input: { merchantId: number; dir: UploadDir; now: Date },
): { policy: UploadPolicy; fields: { policy: string; signature: string } } {
  const policy: UploadPolicy = {
    v: 1,
    merchantId: input.merchantId,
    dir: input.dir,
    keyPrefix: keyPrefixOf(input.dir, input.merchantId),
    maxBytes: UPLOAD_LIMITS[input.dir].maxBytes,
    expiresAt: input.now.getTime() + POLICY_TTL_MS,
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64url');
  return { policy, fields: { policy: encoded, signature: sign(key, encoded) } };
}

/**
 * The policy the fields carry, or null: a signature that does not match (forged or altered),
 * a policy past its expiry, one whose key prefix is not its merchant's folder, or one allowing
 * more than its folder takes.
 */
export function verifyUploadPolicy(
  key: Buffer,
  fields: { policy?: string | undefined; signature?: string | undefined },
  now: Date,
): UploadPolicy | null {
  const { policy: encoded, signature } = fields;
  if (!encoded || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const expected = Buffer.from(sign(key, encoded), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = policySchema.safeParse(parsed);
  if (!result.success) return null;
  const policy = result.data;
  if (policy.expiresAt <= now.getTime()) return null;
  if (policy.keyPrefix !== keyPrefixOf(policy.dir, policy.merchantId)) return null;
  // Each folder's own limit: an icon policy never takes a batch file's 5 MB.
  if (policy.maxBytes > UPLOAD_LIMITS[policy.dir].maxBytes) return null;
  return policy;
}
