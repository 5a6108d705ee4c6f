import { randomBytes } from 'node:crypto';
import {
  BASE_PATH,
  BATCH_UPLOAD_EXTENSIONS,
  ErrorCode,
  UPLOAD_LIMITS,
  type UploadDir,
  type UploadResult,
  type UploadSignature,
} from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';
import type { ServiceDeps } from '../../types';
import { findMerchantById } from '../merchant/merchant.repository';
import type { FileStore } from './file-store';
import { detectImageType, EXTENSION } from './image-type';
import { detectSpreadsheetKind, extensionOf, SPREADSHEET_TYPES } from './spreadsheet-type';
import { insertUpload } from './upload.repository';
import { createUploadPolicy, type UploadPolicy } from './upload-policy';

/**
 * Uploads through signatures (SPEC 7, issue 7). The rules, in order:
 * 1. A logged-in merchant asks for a policy for a folder (`dir`): signed, 10 minutes.
 * 2. The file is posted with the policy's fields to UPLOAD_PATH. The policy must verify
 *    (signature, expiry, key prefix of its merchant), else 1301, before the file is read.
 * 3. At most the policy's maxBytes (icon 2 MB, batch 5 MB), else 413, counted while reading:
 *    nothing written.
 * 4. Its bytes must be what the folder takes, else 415: an icon PNG, JPEG, GIF or WebP whatever
 *    its name says; a batch spreadsheet .xlsx or .csv by its name, and its bytes what the name
 *    says (spreadsheet-type.ts), with SPEC 5's "upload in the specified format".
 * 5. Stored under a fresh random key below the policy's prefix, then recorded in `uploads`
 *    (the file is removed again when the row cannot be written).
 */
export const UPLOAD_PATH = `${BASE_PATH}/upload/object`;
export const SERVE_PREFIX = '/uploads/';

type Deps = Pick<ServiceDeps, 'db' | 'now'>;

export function createUploadSignature(
  deps: Pick<ServiceDeps, 'now'>,
  policyKey: Buffer,
  merchantId: number,
  dir: UploadDir,
): UploadSignature {
  const { policy, fields } = createUploadPolicy(policyKey, { merchantId, dir, now: deps.now() });
  return {
    url: UPLOAD_PATH,
    fields,
    keyPrefix: policy.keyPrefix,
    maxBytes: policy.maxBytes,
    allowedTypes: [...UPLOAD_LIMITS[dir].types],
    expiresAt: new Date(policy.expiresAt).toISOString(),
  };
}

export async function storeUpload(
  deps: Deps,
  store: FileStore,
  upload: { policy: UploadPolicy; bytes: Buffer; fileName?: string },
): Promise<UploadResult> {
  const { policy, bytes } = upload;
  const { contentType, extension } = typeOf(policy.dir, bytes, upload.fileName ?? '');
  // A policy outlives nothing: a merchant removed since it was signed stores nothing.
  if (!(await findMerchantById(deps.db, policy.merchantId)))
    throw new AppError(ErrorCode.UPLOAD_POLICY_INVALID);
  const key = `${policy.keyPrefix}${randomBytes(16).toString('hex')}.${extension}`;
  await store.put(key, bytes);
  try {
    await insertUpload(deps.db, {
      merchantId: policy.merchantId,
      key,
      contentType,
      sizeBytes: bytes.length,
      createdAt: deps.now(),
    });
  } catch (error) {
    await store.remove(key);
    throw error;
  }
  // A batch spreadsheet holds payees' addresses: it is read by its merchant's preview, never served.
  const url = policy.dir === 'icon' ? `${SERVE_PREFIX}${key}` : '';
  return { key, url, contentType, sizeBytes: bytes.length };
}

function typeOf(dir: UploadDir, bytes: Buffer, fileName: string): { contentType: string; extension: string } {
  if (dir === 'icon') {
    const contentType = detectImageType(bytes);
    if (!contentType)
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, { variant: 'uploadTypeNotAllowed' });
    return { contentType, extension: EXTENSION[contentType] };
  }
  const named = extensionOf(fileName);
  const kind = detectSpreadsheetKind(bytes);
  if (!kind || !(BATCH_UPLOAD_EXTENSIONS as readonly string[]).includes(named) || named !== `.${kind}`) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, { variant: 'uploadFormatNotAllowed' });
  }
  return { contentType: SPREADSHEET_TYPES[kind], extension: kind };
}
