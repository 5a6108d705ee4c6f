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

/** The shape fastify-type-provider-zod gives each failed issue. */
export interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
}

/** `/email` → `email`, `/items/0/amount` → `items.0.amount`, `/` → the part validated (`body`). */
export function toFieldErrors(
  issues: ValidationIssue[],
  context: string | undefined,
  lang: Language,
): FieldError[] {
  return issues.map((issue) => {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || context || 'body';
    const key = issue.message && hasMessage(issue.message) ? issue.message : 'validation.invalidType';
    return { field, message: translateMessage(lang, key) };
  });
}
