import { ErrorCode, money, toDecimalString } from '@tollgate/contracts';
import type { Database } from '../../db/client';
import { isAppErrorWith } from '../../lib/app-error';
import { isIpAllowed, parseIpWhitelist } from '../../lib/ip-whitelist';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../types';
import { openAppSecret } from '../applications/app-secret';
import { findApiClient } from '../merchant-api/api-client.repository';
import { APP_ID_PATTERN } from '../merchant-api/signature';
import type { OrderRow } from '../orders/order.repository';
import { createCollectionOrder } from '../orders/order.service';
import type { OrderChains } from '../orders/order-chains';
import { cashierUrlOf } from '../orders/order-object';
import { badRequest, unauthorized } from './epusdt-refusal';
import { MIN_FIAT_AMOUNT, readCreateRequest } from './epusdt-request';
import {
  EpusdtValueError,
  isEpusdtSignatureValid,
  isPortableNumber,
  MIN_PORTABLE_NUMBER,
} from './epusdt-signature';
import { convertFiatAmount, minimumFiatAmount, readConversionRates } from './fiat-conversion';
import { type JsonMember, JsonSyntaxError, readJsonObjectMembers } from './json-members';
import { EPUSDT_TRADE_TYPES } from './trade-types';

/**
 * epusdt's create-transaction on the order service. Rules, in order; each refusal changes nothing:
 * 1. The APPID in the base URL names an application that is not deleted, of a merchant who is
 *    not disabled (401).
 * 2. The body is one JSON object, read with each number's source text (400).
 * 3. `signature` is the epusdt MD5 of the other members under the APPSECRET (401;
 *    epusdt-signature.ts), and the caller's IP is in the application's whitelist when it has
 *    one (401). The route then counts the request against the application's API budget.
 * 4. The parameters are well formed (400; epusdt-request.ts).
 * 5. The fiat has a rate and the coin of trade_type a rate and a row on its chain (400); the
 *    amount becomes the coin amount (fiat-conversion.ts), which the notify will send as a JSON
 *    number: it must read back the same in PHP, Go and JS plugins (epusdt-signature.ts
 *    isPortableNumber), so at least 0.0001 of the coin, the refusal naming the least amount
 *    in the fiat for this trade type at today's rates, and at most 14 significant digits (400).
 * 6. The order is the order service's: merchantOrderNo = order_id, source epusdt, the fiat
 *    and its amount kept. The same order_id with the same parameters is the same order, also
 *    after a rate change (the request hash covers the fiat amount, not the coin amount); other
 *    parameters are refused (400), and so is a chain disabled on this server (400).
 */
export interface EpusdtDeps {
  db: Database;
  now: Clock;
  chains: OrderChains;
  secrets: SecretBox;
  publicUrl: string;
}

export interface EpusdtCaller {
  applicationId: number;
  merchantId: number;
  members: ReadonlyMap<string, JsonMember>;
}

/** The `data` of a created (or found again) transaction, as epusdt names it. */
export interface EpusdtTransaction {
  trade_id: string;
  order_id: string;
  amount: number;
  actual_amount: number;
  token: string;
  expiration_time: number;
  payment_url: string;
}

/** Rules 1 to 3. */
export async function authenticateEpusdt(
  deps: EpusdtDeps,
  request: { appId: string; body: Buffer; ip: string },
): Promise<EpusdtCaller> {
  const app = APP_ID_PATTERN.test(request.appId) ? await findApiClient(deps.db, request.appId) : undefined;
  if (!app || app.deletedAt !== null || app.merchantStatus !== 'active')
    throw unauthorized('epusdt.appUnknown');
  const members = readMembers(request.body);
  const signature = members.get('signature');
  if (signature?.kind !== 'string' || signature.value === '') throw unauthorized('epusdt.signatureInvalid');
  const secret = openAppSecret(deps.secrets, app.id, app.secretVersion, app.secretSealed);
  let valid: boolean;
  try {
    valid = isEpusdtSignatureValid(members, secret, signature.value);
  } catch (error) {
    if (error instanceof EpusdtValueError) throw badRequest('epusdt.notScalar', { field: error.key });
    throw error;
  }
  if (!valid) throw unauthorized('epusdt.signatureInvalid');
  const whitelist = parseIpWhitelist(app.ipWhitelist);
  if (!whitelist.ok || !isIpAllowed(whitelist.entries, request.ip))
    throw unauthorized('errors.apiIpNotAllowed', { ip: request.ip });
  return { applicationId: app.id, merchantId: app.merchantId, members };
}

function readMembers(body: Buffer): ReadonlyMap<string, JsonMember> {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    return readJsonObjectMembers(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError || error instanceof TypeError) throw badRequest('epusdt.body');
    throw error;
  }
}

/** Rules 4 to 6. */
export async function createEpusdtTransaction(
  deps: EpusdtDeps,
  caller: EpusdtCaller,
): Promise<EpusdtTransaction> {
  const request = readCreateRequest(caller.members);
  const coin = EPUSDT_TRADE_TYPES[request.tradeType];
  const lookup = await readConversionRates(deps.db, request.fiat, coin);
  if (!lookup.ok) {
    throw lookup.missing === 'fiat'
      ? badRequest('epusdt.fiat', { value: request.fiat })
      : badRequest('epusdt.tradeTypeDisabled', { value: request.tradeType });
  }
  const coinAmount = convertFiatAmount(request.amount, lookup.rates);
  if (!isPortableNumber(coinAmount)) {
    if (money(coinAmount).lessThan(MIN_PORTABLE_NUMBER)) {
      throw badRequest('epusdt.amountTooSmall', {
        min: minimumFiatAmount(MIN_PORTABLE_NUMBER, MIN_FIAT_AMOUNT, lookup.rates),
        fiat: request.fiat,
        tradeType: request.tradeType,
        coinMin: MIN_PORTABLE_NUMBER,
        coin: coin.currency,
      });
    }
    throw badRequest('epusdt.amountTooLarge', { value: request.tradeType });
  }
  let order: OrderRow;
  try {
    order = await createCollectionOrder(deps, {
      application: { id: caller.applicationId, merchantId: caller.merchantId },
      input: {
        merchantOrderNo: request.orderId,
        currency: coin.currency,
        network: coin.network,
        amount: coinAmount,
        callbackUrl: request.notifyUrl,
        redirectUrl: request.redirectUrl,
        expiresIn: request.expiresIn,
      },
      source: 'epusdt',
      fiat: { currency: request.fiat, amount: request.amount },
    });
  } catch (error) {
    if (isAppErrorWith(error, ErrorCode.MERCHANT_ORDER_CONFLICT)) {
      throw badRequest('epusdt.orderConflict', { value: request.orderId });
    }
    if (isAppErrorWith(error, ErrorCode.CURRENCY_NOT_SUPPORTED)) {
      throw badRequest('epusdt.tradeTypeDisabled', { value: request.tradeType });
    }
    if (isAppErrorWith(error, ErrorCode.VALIDATION_FAILED)) throw badRequest('epusdt.amount');
    throw error;
  }
  return toEpusdtTransaction(order, deps.publicUrl);
}

export function toEpusdtTransaction(order: OrderRow, publicUrl: string): EpusdtTransaction {
  return {
    trade_id: order.orderNo,
    order_id: order.merchantOrderNo,
    // Canonical decimals of at most 14 significant digits: the JSON number reads back the same.
    amount: Number(toDecimalString(order.fiatAmount ?? order.amount)),
    actual_amount: Number(toDecimalString(order.amount)),
    token: order.payAddress ?? '',
    expiration_time: Math.floor(order.expiresAt.getTime() / 1000),
    payment_url: cashierUrlOf(publicUrl, order.orderNo),
  };
}
