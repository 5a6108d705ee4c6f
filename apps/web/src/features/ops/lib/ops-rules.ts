import { DECIMAL_PATTERN, money } from '@tollgate/contracts/money';
import type { FormRule } from 'antd';
import { i18n } from '../../../shared/lib/i18n';

/**
 * The console's form rules. Money is checked as text with the contracts' decimal pattern (what
 * `decimalString` checks on the server) and compared through the money module, never as a JS
 * number; the reject reason as the contract's `opsRejectBody` (required, at most 500), with the
 * contracts' message keys. What a number may be beyond that (a rate below 1) the server says too.
 */
export const REASON_MAX = 500;

export type DecimalBound = 'nonNegative' | 'positive' | 'share';

const translate = (key: string) => (i18n.t as unknown as (k: string) => string)(key);

/** The trimmed text of a decimal field, or an error message key. */
export function checkDecimal(value: unknown, bound: DecimalBound): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'ops.validation.required';
  if (!DECIMAL_PATTERN.test(text)) return 'ops.validation.decimal';
  const amount = money(text);
  if (amount.isNegative()) return 'ops.validation.nonNegative';
  if (bound === 'positive' && amount.isZero()) return 'ops.validation.positive';
  if (bound === 'share' && amount.greaterThanOrEqualTo(1)) return 'ops.validation.share';
  return undefined;
}

export function decimalRule(bound: DecimalBound): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const key = checkDecimal(value, bound);
      if (key) throw new Error(translate(key));
    },
  };
}

export function checkReason(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'messages.validation.ops.reasonRequired';
  if (text.length > REASON_MAX) return 'messages.validation.tooLong';
  return undefined;
}

export const REASON_RULE: FormRule = {
  validator: async (_rule, value: unknown) => {
    const key = checkReason(value);
    if (key) throw new Error(translate(key));
  },
};
