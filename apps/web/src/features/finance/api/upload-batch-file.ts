import type { UploadResult } from '@tollgate/contracts';
import { ApiError, callEndpoint, DOWNLOAD_TIMEOUT_MS, REQUEST_FAILED_CODE } from '../../../shared/lib/http';
import { i18n } from '../../../shared/lib/i18n';
import { readLanguage, toLangHeader } from '../../../shared/lib/language';

/**
 * A batch spreadsheet's upload through a signature (SPEC 7, as the application icon's): POST
 * /front/upload/oss/signature with `dir=batch`, then the file after the policy's fields to the
 * policy's url. XMLHttpRequest rather than fetch, for its upload progress. A failure to reach
 * the server is SPEC 5's "upload failed", and logged to the console (SPEC 8).
 */
export async function uploadBatchFile(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  const signature = await callEndpoint('uploadSignature', { dir: 'batch' });
  const form = new FormData();
  for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const failed = (reason: string) => {
      console.error(`batch upload failed: ${reason}`);
      reject(new ApiError(REQUEST_FAILED_CODE, i18n.t('assets.batch.uploadFailed'), null));
    };
    request.open('POST', signature.url);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('lang', toLangHeader(readLanguage()));
    request.timeout = DOWNLOAD_TIMEOUT_MS;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded * 100) / event.total));
    };
    request.onload = () => {
      let envelope: { code?: unknown; data?: unknown; message?: unknown };
      try {
        envelope = JSON.parse(request.responseText);
      } catch {
        failed(`HTTP ${request.status}`);
        return;
      }
      if (envelope.code === 0) {
        onProgress(100);
        resolve(envelope.data as UploadResult);
      } else {
        const message =
          typeof envelope.message === 'string' ? envelope.message : i18n.t('assets.batch.uploadFailed');
        reject(new ApiError(Number(envelope.code), message, envelope.data ?? null));
      }
    };
    request.onerror = () => failed('network error');
    request.ontimeout = () => failed('timeout');
    request.send(form);
  });
}
