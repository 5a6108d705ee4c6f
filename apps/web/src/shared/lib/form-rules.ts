import type { FormRule } from 'antd';
import { translateOr } from './i18n';
import { toFormRule } from './zod-rule';

/**
 * The form rules of SPEC section 5, built from the contracts' zod fields so the web and the
 * server check the same thing with the same (translated) message. The fields load with the
 * first validation (see zod-rule.ts).
 */
export const RULES = {
  email: toFormRule((fields) => fields.emailField),
  loginPassword: toFormRule((fields) => fields.loginPasswordField),
  // The rule itself stands under the field (common.field.passwordHint): the error says only that
  // it is not met, so the rule is written once (issue 31).
  newPassword: toFormRule((fields) => fields.passwordField, {
    'validation.passwordRule': 'common.field.passwordRuleNotMet',
  }),
  code: toFormRule((fields) => fields.codeField),
  phone: toFormRule((fields) => fields.phoneField),
} as const;

const message = (key: string) => translateOr(`messages.${key}`, 'messages.validation.invalidType');

/** Required, then equal to the form's `passwordField` (SPEC section 5: new and confirm must match). */
export function confirmPasswordRule(passwordField = 'password'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '')
        throw new Error(message('validation.confirmPasswordRequired'));
      if (value !== getFieldValue(passwordField)) throw new Error(message('validation.passwordMismatch'));
    },
  });
}

/** A select that must have a value (the dial code's country). */
export const COUNTRY_RULE: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || value === '') throw new Error(message('validation.countryCodeRequired'));
  },
};

/**
 * A filter's free text, at most the length its call takes (contracts: 64 for order numbers, 128
 * for hashes and addresses): said beside the field instead of the list failing with "Too long".
 */
export function maxLengthRule(max: number): FormRule {
  return { max, message: message('validation.tooLong') };
}

/**
 * A merchant ID filter: digits only (the server refuses anything else with the same message), so
 * "abc" is said beside the field instead of being searched. Spaces around it are trimmed later.
 */
export function merchantIdRule(): FormRule {
  return { pattern: /^\s*\d*\s*$/, message: message('validation.records.merchantId') };
}
