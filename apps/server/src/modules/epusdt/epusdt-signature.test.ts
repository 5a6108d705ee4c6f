import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EpusdtRefusal } from './epusdt-refusal';
import { readCreateRequest } from './epusdt-request';
import {
  EpusdtValueError,
  epusdtSignedText,
  isEpusdtSignatureValid,
  isPortableNumber,
  phpFloatText,
  shortestFloatText,
} from './epusdt-signature';
import { coinPlaces, convertFiatAmount } from './fiat-conversion';
import { readJsonObjectMembers } from './json-members';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const TOKEN = 'a'.repeat(64);

describe('number renderings', () => {
  it("prints a float as PHP's (string) cast does (precision 14)", () => {
    expect(phpFloatText(10)).toBe('10');
    expect(phpFloatText(28.88)).toBe('28.88');
    expect(phpFloatText(0.1 + 0.2)).toBe('0.3');
    expect(phpFloatText(123.45678901234568)).toBe('123.45678901235');
    expect(phpFloatText(0.0001)).toBe('0.0001');
    expect(phpFloatText(0.00001)).toBe('1.0E-5');
    expect(phpFloatText(1.5e-7)).toBe('1.5E-7');
    expect(phpFloatText(1e13)).toBe('10000000000000');
    expect(phpFloatText(1e14)).toBe('1.0E+14');
    expect(phpFloatText(-1.5)).toBe('-1.5');
    expect(phpFloatText(0)).toBe('0');
  });

  it("prints a float as Go's FormatFloat(f, 'f', -1, 64) does", () => {
    expect(shortestFloatText(10)).toBe('10');
    expect(shortestFloatText(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(shortestFloatText(1e-7)).toBe('0.0000001');
    expect(shortestFloatText(1e21)).toBe('1000000000000000000000');
  });
});

describe('isPortableNumber', () => {
  it('takes what PHP, Go and JS all print as written: from 0.0001, at most 14 significant digits', () => {
    for (const text of ['0.0001', '0.00010025', '4.0115', '28.88', '10', '99999999999999', '1234567.8901234'])
      expect(isPortableNumber(text), text).toBe(true);
    // 4.026E-5 in PHP, 4.026e-05 in Go's %v; 15 digits; 1.0E+14 in PHP.
    for (const text of ['0.00004026', '0.00009999', '1234567.89012345', '100000000000000'])
      expect(isPortableNumber(text), text).toBe(false);
  });
});

describe('isEpusdtSignatureValid', () => {
  const body = (amount: string, signature: string) =>
    `{"order_id":"A1","amount":${amount},"notify_url":"https://shop.example/n","redirect_url":"",` +
    `"name":null,"signature":"${signature}"}`;
  const valid = (amount: string, signed: string) =>
    isEpusdtSignatureValid(
      readJsonObjectMembers(body(amount, 'x')),
      TOKEN,
      md5(`amount=${signed}&notify_url=https://shop.example/n&order_id=A1${TOKEN}`),
    );

  it('accepts the number as written, and as PHP or Go print the float', () => {
    expect(valid('28.88', '28.88')).toBe(true);
    expect(valid('10', '10')).toBe(true);
    // A client sending 10.0 whose signature casts the float: (string)(float)10 is "10".
    expect(valid('10.0', '10')).toBe(true);
    expect(valid('10.0', '10.0')).toBe(true);
    expect(valid('0.30000000000000004', '0.3')).toBe(true);
    expect(valid('0.30000000000000004', '0.30000000000000004')).toBe(true);
    expect(valid('1e1', '10')).toBe(true);
  });

  it('refuses another number, another token, and a tampered field', () => {
    expect(valid('10.0', '10.00')).toBe(false);
    expect(valid('28.88', '28.89')).toBe(false);
    const members = readJsonObjectMembers(body('10', 'x'));
    expect(
      isEpusdtSignatureValid(members, TOKEN, md5(`amount=10&notify_url=https://shop.example/n&order_id=A1b`)),
    ).toBe(false);
    expect(
      isEpusdtSignatureValid(
        members,
        TOKEN,
        md5(`amount=10&notify_url=https://shop.example/n&order_id=A2${TOKEN}`),
      ),
    ).toBe(false);
  });

  it('compares the signature in any case, and refuses objects as values', () => {
    const signature = md5(`amount=10&notify_url=https://shop.example/n&order_id=A1${TOKEN}`).toUpperCase();
    expect(isEpusdtSignatureValid(readJsonObjectMembers(body('10', 'x')), TOKEN, signature)).toBe(true);
    expect(() =>
      isEpusdtSignatureValid(readJsonObjectMembers('{"a":{"b":1},"signature":"x"}'), TOKEN, 'x'),
    ).toThrow(EpusdtValueError);
  });

  it('sorts by key in byte order and leaves out empty values', () => {
    expect(
      epusdtSignedText([
        ['b', '2'],
        ['a_b', '3'],
        ['a', '1'],
        ['B', '0'],
        ['empty', ''],
        ['signature', 'x'],
      ]),
    ).toBe('B=0&a=1&a_b=3&b=2');
  });
});

describe('fiat conversion', () => {
  it('rounds up to the place worth at most 0.0001 USDT, within the coin decimals', () => {
    expect(coinPlaces('1', 6)).toBe(4);
    expect(coinPlaces('0.2731', 6)).toBe(4);
    expect(coinPlaces('612.4', 18)).toBe(7);
    expect(coinPlaces('3450.25', 18)).toBe(8);
    expect(coinPlaces('1', 2)).toBe(2);
    const usdt = { usdtPerCoin: '1', coinDecimals: 6 };
    // 28.88 × 0.1389 = 4.011432 → 4.0115: never less than the price.
    expect(convertFiatAmount('28.88', { ...usdt, usdtPerFiat: '0.1389' })).toBe('4.0115');
    expect(convertFiatAmount('10', { ...usdt, usdtPerFiat: '0.1389' })).toBe('1.389');
    expect(convertFiatAmount('10', { ...usdt, usdtPerFiat: '1' })).toBe('10');
    expect(convertFiatAmount('100', { usdtPerFiat: '1', usdtPerCoin: '3450.25', coinDecimals: 18 })).toBe(
      '0.02898341',
    );
    expect(
      convertFiatAmount('28.88', { usdtPerFiat: '0.1389', usdtPerCoin: '0.2731', coinDecimals: 6 }),
    ).toBe('14.6886');
  });
});

describe('readCreateRequest', () => {
  const base = { order_id: 'A1', amount: 28.88, notify_url: 'https://shop.example/n', signature: 'x' };
  const read = (extra: Record<string, unknown>) =>
    readCreateRequest(readJsonObjectMembers(JSON.stringify({ ...base, ...extra })));
  const refusal = (extra: Record<string, unknown>) => {
    try {
      read(extra);
      return null;
    } catch (error) {
      if (error instanceof EpusdtRefusal) return [error.messageKey, error.params];
      throw error;
    }
  };

  it('applies the defaults and reads numbers and strings alike', () => {
    expect(read({})).toEqual({
      orderId: 'A1',
      amount: '28.88',
      notifyUrl: 'https://shop.example/n',
      redirectUrl: undefined,
      tradeType: 'usdt.trc20',
      fiat: 'CNY',
      expiresIn: 1800,
    });
    expect(
      read({
        order_id: 1001,
        amount: '10.50',
        redirect_url: '',
        fiat: 'usd',
        trade_type: 'bsc.bnb',
        timeout: '600',
      }),
    ).toMatchObject({ orderId: '1001', amount: '10.5', fiat: 'USD', tradeType: 'bsc.bnb', expiresIn: 600 });
    expect(read({ amount: 0.30000000000000004 }).amount).toBe('0.3');
  });

  it('brings timeout within 300 … 172800 (a negative one too); 0 is the default', () => {
    expect(read({ timeout: 60 }).expiresIn).toBe(300);
    expect(read({ timeout: 604800 }).expiresIn).toBe(172800);
    expect(read({ timeout: 0 }).expiresIn).toBe(1800);
    expect(refusal({ timeout: 1.5 })).toEqual(['epusdt.timeout', {}]);
    expect(read({ timeout: -1 }).expiresIn).toBe(300);
    expect(refusal({ timeout: -1.5 })).toEqual(['epusdt.timeout', {}]);
    expect(refusal({ timeout: 'soon' })).toEqual(['epusdt.timeout', {}]);
  });

  it('refuses each bad parameter with its own message', () => {
    expect(refusal({ order_id: undefined })).toEqual(['epusdt.missing', { field: 'order_id' }]);
    expect(refusal({ amount: null })).toEqual(['epusdt.missing', { field: 'amount' }]);
    expect(refusal({ notify_url: '' })).toEqual(['epusdt.missing', { field: 'notify_url' }]);
    expect(refusal({ order_id: 'A.1' })).toEqual(['epusdt.orderId', {}]);
    expect(refusal({ amount: 0.001 })).toEqual(['epusdt.amount', {}]);
    expect(refusal({ amount: -5 })).toEqual(['epusdt.amount', {}]);
    expect(refusal({ amount: '0x1e' })).toEqual(['epusdt.amount', {}]);
    expect(refusal({ amount: 'Infinity' })).toEqual(['epusdt.amount', {}]);
    expect(refusal({ amount: 1e12 })).toEqual(['epusdt.amount', {}]);
    expect(refusal({ amount: [1] })).toEqual(['epusdt.notScalar', { field: 'amount' }]);
    expect(refusal({ notify_url: 'ftp://shop.example/n' })).toEqual(['epusdt.url', { field: 'notify_url' }]);
    expect(refusal({ redirect_url: 'javascript:alert(1)' })).toEqual([
      'epusdt.url',
      { field: 'redirect_url' },
    ]);
    expect(refusal({ trade_type: 'USDT.TRC20' })?.[0]).toBe('epusdt.tradeType');
    expect(refusal({ fiat: 'RMB1' })).toEqual(['epusdt.fiat', { value: 'RMB1' }]);
  });
});
