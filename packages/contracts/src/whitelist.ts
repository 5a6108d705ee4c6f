import { z } from 'zod';
/**
 * The withdrawal address whitelist (issue 8, "Withdrawal hardening"): while it is on, single
 * withdrawals, batch rows and API payouts go only to an address listed for that chain (3203).
 * Adding needs the Google code and an emailed code; removing and switching need the Google
 * code; switching off also pauses withdrawals for 24 h (3202) and is mailed.
 */
import { WHITELIST_LABEL_MAX } from './application-limits';
import { codeField, requiredString } from './validation';

export { WHITELIST_LABEL_MAX, WHITELIST_MAX_ADDRESSES } from './application-limits';

const googleCode = codeField.describe('The current Google Authenticator code (6 digits)');

export const whitelistEntry = z.object({
  id: z.number().int(),
  chainId: z.string(),
  address: z.string().describe('As the chain writes it (EVM: EIP-55 checksummed)'),
  label: z.string(),
  createdAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntry>;

export const whitelistResult = z.object({
  enabled: z.boolean().describe('On: withdrawals and payouts only to listed addresses'),
  list: z.array(whitelistEntry).describe('Newest first'),
});
export type WhitelistResult = z.infer<typeof whitelistResult>;

export const whitelistAddBody = z.object({
  chainId: requiredString('validation.asset.chainRequired')
    .trim()
    .min(1, { message: 'validation.asset.chainRequired' })
    .max(16, { message: 'validation.collection.network' }),
  address: requiredString('validation.asset.addressRequired')
    .trim()
    .min(1, { message: 'validation.asset.addressRequired' })
    .max(128, { message: 'validation.asset.address' }),
  label: z
    .string({ error: 'validation.invalidType' })
    .trim()
    .max(WHITELIST_LABEL_MAX, { message: 'validation.whitelist.labelTooLong' })
    .optional()
    .default(''),
  googleCode,
  emailCode: codeField.describe('The code mailed by POST /merchant/whitelist/code'),
});
export type WhitelistAddBody = z.input<typeof whitelistAddBody>;

export const whitelistRemoveBody = z.object({
  id: z.number({ error: 'validation.invalidType' }).int({ message: 'validation.invalidType' }),
  googleCode,
});
export type WhitelistRemoveBody = z.input<typeof whitelistRemoveBody>;

export const whitelistSwitchBody = z.object({
  enabled: z.boolean({ error: 'validation.invalidType' }),
  googleCode,
});
export type WhitelistSwitchBody = z.input<typeof whitelistSwitchBody>;
