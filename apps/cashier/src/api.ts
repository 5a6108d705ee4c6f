import type { CashierSimulateResult, CashierView } from '@tollgate/contracts';
import { BASE_PATH, ENDPOINT_ROUTES } from '@tollgate/contracts/endpoint-routes';
import type { Language } from '@tollgate/contracts/languages';

/**
 * The cashier's calls (/front/cashier/*, contracts ENDPOINT_ROUTES; types only from the
 * schemas, so no zod is loaded here). Failures come back as CallError: `notFound` for a 404,
 * `network` when the server could not be reached or answered something unexpected, `refused`
 * with the server's localized message for a refusal (a field rule, too many requests).
 */
export class CallError extends Error {
  constructor(
    readonly kind: 'notFound' | 'network' | 'refused',
    message: string = kind,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

const url = (path: string, query?: Record<string, string>) =>
  `${BASE_PATH}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;

async function call<T>(input: string, init: RequestInit & { lang: Language }): Promise<T> {
  const { lang, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(input, {
      ...rest,
      headers: { ...(rest.body ? { 'content-type': 'application/json' } : {}), lang },
      cache: 'no-store',
    });
  } catch {
    throw new CallError('network');
  }
  let envelope: Envelope<T>;
  try {
    envelope = await response.json();
  } catch {
    throw new CallError('network');
  }
  if (response.status === 404) throw new CallError('notFound', envelope.message);
  if (envelope.code !== 0) {
    // A 1001 names each field with its localized message: the first says what to fix.
    const fields = (envelope.data as { errors?: { message: string }[] } | null)?.errors;
    throw new CallError('refused', fields?.[0]?.message ?? envelope.message);
  }
  return envelope.data as T;
}

export function fetchOrder(orderNo: string, lang: Language): Promise<CashierView> {
  return call(url(ENDPOINT_ROUTES.cashierOrder.path, { orderNo }), { method: 'GET', lang });
}

export function chooseNetwork(orderNo: string, chainId: string, lang: Language): Promise<CashierView> {
  return call(url(ENDPOINT_ROUTES.cashierNetwork.path), {
    method: 'POST',
    body: JSON.stringify({ orderNo, chainId }),
    lang,
  });
}

export function simulatePayment(
  orderNo: string,
  amount: string,
  lang: Language,
): Promise<CashierSimulateResult> {
  return call(url(ENDPOINT_ROUTES.cashierSimulate.path), {
    method: 'POST',
    body: JSON.stringify({ orderNo, amount }),
    lang,
  });
}

export function eventsUrl(orderNo: string): string {
  return url(ENDPOINT_ROUTES.cashierEvents.path, { orderNo });
}

export const isFinal = (view: CashierView) => view.status === 'completed' || view.status === 'expired';
