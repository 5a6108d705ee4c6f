import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExportBody } from '@tollgate/contracts';
import { BASE_PATH, ENDPOINT_ROUTES } from '@tollgate/contracts/endpoint-routes';
import { ApiError, callEndpoint, DOWNLOAD_TIMEOUT_MS, REQUEST_FAILED_CODE } from '../../../shared/lib/http';
import { i18n } from '../../../shared/lib/i18n';
import { readLanguage, toLangHeader } from '../../../shared/lib/language';
import { readToken } from '../../../shared/lib/session';

/**
 * Exports (issue 9): POST /front/export with the list's filters answers the file itself (saved
 * at once, within the SPEC's 120 s download timeout) or `{ exportId }` of a job; the job's
 * status is polled (GET /front/export/status) and its file fetched from its download link, both
 * with the session's token header like every /front call (never a token in the URL). A refusal
 * is the usual JSON envelope, turned into an ApiError with the server's localized message.
 */
export type ExportOutcome =
  | { kind: 'saved'; fileName: string }
  | { kind: 'job'; exportId: string; rows: number };

export const exportKeys = {
  status: (exportId: string) => ['export', 'status', exportId] as const,
};

function authHeaders(): Record<string, string> & { lang: string } {
  const headers: Record<string, string> & { lang: string } = { lang: toLangHeader(readLanguage()) };
  const token = readToken();
  if (token) headers['x-auth-token'] = token;
  return headers;
}

async function fetchOrFail(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  } catch {
    throw new ApiError(REQUEST_FAILED_CODE, i18n.t('common.requestFailed'), null);
  }
}

const isJson = (response: Response) =>
  (response.headers.get('content-type') ?? '').startsWith('application/json');

async function readEnvelope(response: Response): Promise<{ code: number; message: string; data: unknown }> {
  const envelope = (await response.json().catch(() => null)) as {
    code?: number;
    message?: string;
    data?: unknown;
  } | null;
  return {
    code: envelope?.code ?? REQUEST_FAILED_CODE,
    message: envelope?.message || i18n.t('common.requestFailed'),
    data: envelope?.data ?? null,
  };
}

/** The name the server gave (RFC 5987 `filename*` first, then the plain one). */
export function fileNameOf(disposition: string, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

async function saveResponse(response: Response, fallback: string): Promise<string> {
  const fileName = fileNameOf(response.headers.get('content-disposition') ?? '', fallback);
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

export async function startExport(body: ExportBody): Promise<ExportOutcome> {
  const headers = { ...authHeaders(), 'content-type': 'application/json', accept: 'application/json' };
  const query = new URLSearchParams({ v: String(Date.now()) });
  const response = await fetchOrFail(`${BASE_PATH}${ENDPOINT_ROUTES.exportFile.path}?${query}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...body, langCode: headers.lang }),
  });
  if (isJson(response)) {
    const envelope = await readEnvelope(response);
    if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message, envelope.data);
    const data = envelope.data as { exportId: string; rows: number };
    return { kind: 'job', exportId: data.exportId, rows: data.rows };
  }
  if (!response.ok) throw new ApiError(REQUEST_FAILED_CODE, i18n.t('common.requestFailed'), null);
  return { kind: 'saved', fileName: await saveResponse(response, `export.${body.format}`) };
}

/** A finished job's file, from the status's download link. */
export async function downloadExport(downloadUrl: string, fallback: string): Promise<string> {
  const separator = downloadUrl.includes('?') ? '&' : '?';
  const response = await fetchOrFail(`${downloadUrl}${separator}v=${Date.now()}`, { headers: authHeaders() });
  if (!response.ok || isJson(response)) {
    const envelope = await readEnvelope(response);
    throw new ApiError(envelope.code, envelope.message, envelope.data);
  }
  return saveResponse(response, fallback);
}

/** Polled every second while the job runs; stops once it is over. */
export function exportStatusQueryOptions(exportId: string) {
  return queryOptions({
    queryKey: exportKeys.status(exportId),
    queryFn: ({ signal }) => callEndpoint('exportStatus', { exportId }, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' || status === 'expired' ? false : 1_000;
    },
    staleTime: 0,
  });
}

export function useExportStatus(exportId: string | null) {
  return useQuery({ ...exportStatusQueryOptions(exportId ?? ''), enabled: exportId !== null });
}
