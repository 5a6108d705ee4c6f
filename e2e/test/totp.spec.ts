import { expect, test } from '@playwright/test';
import { currentStep, decodeBase32, GoogleCodes, hotp, STEP_SECONDS, totp } from '../src/totp';

// The flows answer the Google step with this helper, so it is checked against the RFCs first.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of "12345678901234567890"

test('base32 decodes to the RFC secret', () => {
  expect(decodeBase32(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
});

test('HOTP matches RFC 4226 appendix D', () => {
  const key = decodeBase32(RFC_SECRET);
  expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '520489']);
});

test('TOTP matches RFC 6238 appendix B (SHA-1, last 6 digits)', () => {
  const at = (seconds: number) => totp(RFC_SECRET, currentStep(seconds * 1000));
  expect(at(59)).toBe('287082');
  expect(at(1111111109)).toBe('081804');
  expect(at(1234567890)).toBe('005924');
  expect(at(2000000000)).toBe('279037');
});

test('Google codes never repeat a step and use the next step early', async () => {
  const codes = new GoogleCodes(RFC_SECRET);
  const step = currentStep();
  const first = await codes.next();
  const second = await codes.next();
  expect([first, second]).toEqual([totp(RFC_SECRET, step), totp(RFC_SECRET, step + 1)]);
  expect(STEP_SECONDS).toBe(30);
});

test('a code sent at once may take the step before, while the current one has 10 s left', async () => {
  const codes = new GoogleCodes(RFC_SECRET);
  const now = Date.now();
  const step = currentStep(now);
  const first = await codes.next({ sentAtOnce: true });
  const second = await codes.next();
  const usedBefore = (step + 1) * STEP_SECONDS * 1000 - now >= 10_000;
  const firstStep = usedBefore ? step - 1 : step;
  expect([first, second]).toEqual([totp(RFC_SECRET, firstStep), totp(RFC_SECRET, firstStep + 1)]);
});
