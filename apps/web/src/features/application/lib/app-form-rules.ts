import type { FormRule } from 'antd';
import { i18n } from '../../../shared/lib/i18n';
import { toFormRule } from '../../../shared/lib/zod-rule';
import { checkIpWhitelist, MAX_ENTRIES } from './ip-whitelist-check';

/**
 * The application form's rules: the contracts' zod fields (the server checks the same with the
 * same messages), and the IP whitelist entry by entry, naming the one at fault.
 */
const WHITELIST_KEY = {
  invalid_address: 'messages.validation.ipWhitelistEntryInvalid',
  invalid_prefix: 'messages.validation.ipWhitelistPrefixInvalid',
  too_many: 'messages.validation.ipWhitelistTooMany',
} as const;

export const APP_RULES = {
  name: toFormRule((fields) => fields.appNameField),
  description: toFormRule((fields) => fields.appDescriptionField),
  telegram: toFormRule((fields) => fields.telegramField),
  callbackUrl: toFormRule((fields) => fields.callbackUrlField),
  ipWhitelist: {
    validator: async (_rule, value: unknown) => {
      // Every entry at fault is named, those of one kind of fault together.
      const byReason = new Map<keyof typeof WHITELIST_KEY, string[]>();
      for (const { reason, entry } of checkIpWhitelist(typeof value === 'string' ? value : '')) {
        byReason.set(reason, [...(byReason.get(reason) ?? []), entry]);
      }
      if (byReason.size > 0)
        throw new Error(
          [...byReason]
            .map(([reason, entries]) =>
              i18n.t(WHITELIST_KEY[reason], { entry: entries.join(', '), max: MAX_ENTRIES }),
            )
            .join('; '),
        );
    },
  } satisfies FormRule,
} as const;
