import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '@tollgate/contracts';
import { callEndpoint, postFormTo } from '../../../shared/lib/http';

/**
 * The icon upload through a signature (SPEC 7): POST /front/upload/oss/signature (form,
 * `dir=icon`) returns a short-lived signed policy; the file then goes, after the policy's
 * fields, to the policy's `url`. The server checks the bytes, not the name.
 */
export async function uploadIcon(file: Blob): Promise<UploadResult> {
  const signature = await callEndpoint('uploadSignature', { dir: 'icon' });
  const form = new FormData();
  for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
  form.append('file', file);
  return postFormTo<UploadResult>(signature.url, form);
}

export function useUploadIcon() {
  return useMutation({ mutationFn: uploadIcon });
}

/** Where the server serves an uploaded key. */
export function iconUrl(key: string): string {
  return `/uploads/${key}`;
}
