import { z } from 'zod';

/**
 * Field rules of SPEC section 5. Each message is a key under `validation.*` in the locale
 * files; the server translates it into the request's language, the web into the UI's.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** At least one lowercase letter, one uppercase letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,32}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const EMAIL_MAX = 254;

/**
 * A string field: missing (or null) gets its own "please enter" key, any other type (an array
 * from a repeated form key, a number in JSON) gets `validation.invalidType`.
 */
export function requiredString(requiredKey: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? requiredKey : 'validation.invalidType',
  });
}

export const emailField = requiredString('validation.emailRequired')
  .trim()
  .min(1, { message: 'validation.emailRequired' })
  .max(EMAIL_MAX, { message: 'validation.emailInvalid' })
  .pipe(z.email({ message: 'validation.emailInvalid' }))
  .transform((email) => email.toLowerCase());

export const passwordField = requiredString('validation.passwordRequired')
  .min(1, { message: 'validation.passwordRequired' })
  .regex(PASSWORD_PATTERN, { message: 'validation.passwordRule' });

/** Password as typed at login: any non-empty string, bounded so hashing cannot be abused. */
export const loginPasswordField = requiredString('validation.passwordRequired')
  .min(1, { message: 'validation.passwordRequired' })
  .max(128, { message: 'validation.passwordRule' });

export const codeField = requiredString('validation.codeRequired').regex(CODE_PATTERN, {
  message: 'validation.codeRequired',
});

/** Every call accepts `v` (SPEC section 7: a timestamp or an encrypted stamp) and `langCode`. */
export const commonQuery = z.object({
  v: z.string().max(512).optional(),
  langCode: z.string().max(35).optional(),
});

/** One field that failed validation, with its message already localized. */
export const fieldError = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;
