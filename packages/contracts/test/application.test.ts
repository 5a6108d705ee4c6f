import { describe, expect, it } from 'vitest';
import { callbackUrlField, createAppBody, formatMessage, telegramField, updateAppBody } from '../src';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('application fields', () => {
  it('telegram: 5-32 of letters, digits and underscore, stored without its @', () => {
    expect(telegramField.parse(' @Shop_Support ')).toBe('Shop_Support');
    expect(telegramField.parse('abcde')).toBe('abcde');
    expect(telegramField.parse('')).toBe('');
    for (const bad of ['abcd', '@abcd', 'a'.repeat(33), 'shop-support', 'shop support', '@@shop_support']) {
      expect(messageOf(telegramField.safeParse(bad)), bad).toBe('validation.telegramInvalid');
    }
  });

  it('callback URL: http or https with a host, at most 2048 characters', () => {
    expect(callbackUrlField.parse(' https://shop.example.com/notify?a=1 ')).toBe(
      'https://shop.example.com/notify?a=1',
    );
    expect(callbackUrlField.parse('')).toBe('');
    const longest = `https://e.co/${'a'.repeat(2048 - 13)}`;
    expect(callbackUrlField.safeParse(longest).success).toBe(true);
    for (const bad of [
      'ftp://e.co',
      'javascript:alert(1)',
      'https://',
      'e.co/notify',
      'https://e .co',
      `${longest}a`,
    ]) {
      expect(messageOf(callbackUrlField.safeParse(bad)), bad).toBe('validation.callbackUrlInvalid');
    }
  });

  it('create needs a name of at most 64 characters and fills the rest with empty strings', () => {
    expect(createAppBody.parse({ name: ' Shop ' })).toEqual({
      name: 'Shop',
      description: '',
      icon: '',
      telegram: '',
      callbackUrl: '',
      ipWhitelist: '',
    });
    expect(messageOf(createAppBody.safeParse({}))).toBe('validation.appNameRequired');
    expect(messageOf(createAppBody.safeParse({ name: '  ' }))).toBe('validation.appNameRequired');
    expect(messageOf(createAppBody.safeParse({ name: 'x'.repeat(65) }))).toBe('validation.appNameTooLong');
    expect(createAppBody.safeParse({ name: 'x'.repeat(64) }).success).toBe(true);
  });

  it('update leaves out what was not sent', () => {
    expect(updateAppBody.parse({ appId: 'app_0123456789abcdef0123', telegram: '' })).toEqual({
      appId: 'app_0123456789abcdef0123',
      telegram: '',
    });
    expect(messageOf(updateAppBody.safeParse({ name: 'x' }))).toBe('validation.appIdRequired');
  });
});

describe('formatMessage', () => {
  it('fills {{name}} placeholders in the language asked, leaving unknown ones', () => {
    expect(formatMessage('en_US', 'validation.ipWhitelistEntryInvalid', { entry: '1.2.3' })).toBe(
      'Not a valid IP address or CIDR range: 1.2.3',
    );
    expect(formatMessage('zh_CN', 'validation.ipWhitelistTooMany', { max: 50 })).toBe('IP 白名单最多 50 项');
    expect(formatMessage('en_US', 'validation.ipWhitelistEntryInvalid')).toBe(
      'Not a valid IP address or CIDR range: {{entry}}',
    );
  });
});
