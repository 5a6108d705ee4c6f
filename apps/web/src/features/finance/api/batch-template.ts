import type { BatchTemplateFormat } from '@tollgate/contracts';
import { BASE_PATH, ENDPOINT_ROUTES } from '@tollgate/contracts/endpoint-routes';
import { ApiError, DOWNLOAD_TIMEOUT_MS, REQUEST_FAILED_CODE } from '../../../shared/lib/http';
import { i18n } from '../../../shared/lib/i18n';
import { readLanguage, toLangHeader } from '../../../shared/lib/language';
import { readToken } from '../../../shared/lib/session';

/**
 * GET /front/merchant/account/withdrawal/batch/template: the file itself (.xlsx or .csv, headers
 * in the UI's language), fetched with the session's token header like every /front call (never
 * a token in the URL), then saved under the name the server gives. A refusal comes back as the
 * usual JSON envelope.
 */
export async function downloadBatchTemplate(format: BatchTemplateFormat): Promise<string> {
  const language = toLangHeader(readLanguage());
  const headers: Record<string, string> = { lang: language };
  const token = readToken();
  if (token) headers['x-auth-token'] = token;
  const query = new URLSearchParams({ format, langCode: language, v: String(Date.now()) });
  let response: Response;
  try {
    response = await fetch(`${BASE_PATH}${ENDPOINT_ROUTES.batchTemplate.path}?${query}`, {
      headers,
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(REQUEST_FAILED_CODE, i18n.t('common.requestFailed'), null);
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new ApiError(
      envelope?.code ?? REQUEST_FAILED_CODE,
      envelope?.message || i18n.t('common.requestFailed'),
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `batch-withdrawal-template.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
