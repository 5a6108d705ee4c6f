import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translateOr } from './i18n';

/**
 * An antd form rule from a contracts zod schema, so the web checks exactly what the server
 * checks. The schema's message is a contracts key (`validation.emailRequired`), translated
 * from the `messages` namespace. The schemas live in a lazily loaded module (`form-fields`):
 * antd validators are async anyway, so the first check simply waits for that chunk.
 */
export type FormFields = typeof import('./form-fields');

export function loadFormFields(): Promise<FormFields> {
  return import('./form-fields');
}

/**
 * `shownBeside` replaces a contracts message by a catalogue key of the web's own, for a field
 * that already shows what the message would repeat (the password rule under a new password).
 */
export function toFormRule(
  pickSchema: (fields: FormFields) => z.ZodType,
  shownBeside: Readonly<Record<string, string>> = {},
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const schema = pickSchema(await loadFormFields());
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? 'validation.invalidType';
      throw new Error(translateOr(shownBeside[key] ?? `messages.${key}`, 'messages.validation.invalidType'));
    },
  };
}
