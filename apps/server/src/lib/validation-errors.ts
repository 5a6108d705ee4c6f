import { type FieldError, hasMessage, type Language, translateMessage } from '@tollgate/contracts';
import { z } from 'zod';

/**
 * Zod's own messages are English sentences. Schemas in contracts carry message keys
 * (`validation.emailInvalid`); for rules that carry none, this global error map substitutes a
 * key too, so a validation failure is always translatable and no English leaks into zh_CN.
 */
export function messageKeyForIssue(issue: {
  code: string;
  input?: unknown;
  origin?: string;
  minimum?: unknown;
}) {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'validation.required'
        : 'validation.invalidType';
    case 'too_big':
      return 'validation.tooLong';
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'validation.required'
        : 'validation.invalidType';
    default:
      return 'validation.invalidType';
  }
}

export function installZodMessageKeys(): void {
  z.config({ customError: (issue) => messageKeyForIssue(issue) });
}

/** The shape fastify-type-provider-zod gives each failed issue (`keyword` is zod's code). */
export interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
  keyword?: string | undefined;
  params?: { keys?: unknown } | undefined;
}

/** `/email` → `email`, `/items/0/amount` → `items.0.amount`, `/` → the part validated (`body`). */
export function toFieldErrors(
  issues: ValidationIssue[],
  context: string | undefined,
  lang: Language,
): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    // A field the call does not take (a strict object's unknown key): named, one error each.
    const unknown = issue.keyword === 'unrecognized_keys' ? issue.params?.keys : undefined;
    if (Array.isArray(unknown) && unknown.length > 0) {
      return unknown.map((name) => ({
        field: [...path, String(name)].join('.'),
        message: translateMessage(lang, 'validation.unknownField'),
      }));
    }
    const field = path.join('.') || context || 'body';
    const key = issue.message && hasMessage(issue.message) ? issue.message : 'validation.invalidType';
    return [{ field, message: translateMessage(lang, key) }];
  });
}
