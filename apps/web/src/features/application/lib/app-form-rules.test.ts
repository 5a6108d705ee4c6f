import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { APP_RULES } from './app-form-rules';

const check = (value: string) => APP_RULES.ipWhitelist.validator({} as RuleObject, value);

describe('the IP whitelist rule', () => {
  it('takes a good list', async () => {
    await expect(check('203.0.113.9, 10.0.0.0/8, 2001:db8::1')).resolves.toBeUndefined();
  });

  it('names every entry at fault, those of one fault together', async () => {
    await expect(check('1.2.3.4, 999.1.1.1, abc, 10.0.0.0/33')).rejects.toThrow(
      'Not a valid IP address or CIDR range: 999.1.1.1, abc; Invalid CIDR prefix length: 10.0.0.0/33',
    );
  });
});
