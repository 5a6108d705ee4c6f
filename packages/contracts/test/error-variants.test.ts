import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGE_KEY, ERROR_MESSAGE_VARIANTS, LANGUAGES, translateMessage } from '../src';

describe('error message variants', () => {
  it('have a message of their own in every language, unlike their code', () => {
    for (const [variant, code] of Object.entries(ERROR_MESSAGE_VARIANTS)) {
      for (const lang of LANGUAGES) {
        const message = translateMessage(lang, `errors.${variant}`);
        expect(message).not.toBe(`errors.${variant}`);
        expect(message).not.toBe(translateMessage(lang, `errors.${ERROR_MESSAGE_KEY[code]}`));
      }
    }
  });
});
