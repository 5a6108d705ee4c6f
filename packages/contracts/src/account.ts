import { z } from 'zod';
import { codeField, emailField, loginPasswordField, passwordField, requiredString } from './validation';

/**
 * Accounts and security (registration, every login path, Google Authenticator, password
 * reset and change, login history). Field names are the contract of issue 3.
 */

/** Dial code digits without "+", e.g. "86", "65", "1". */
export const dialCodeField = requiredString('validation.countryCodeRequired')
  .trim()
  .regex(/^\d{1,4}$/, { message: 'validation.countryCodeRequired' });

/** National number, digits only (spaces and dashes are stripped first). */
export const phoneField = requiredString('validation.phoneRequired')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: 'validation.phoneRequired', abort: true })
      .regex(/^\d{4,15}$/, { message: 'validation.phoneInvalid' }),
  );

/**
 * Login: an email, or a phone with its dial code; then a password or (email only) an emailed
 * code; plus the Google code once the server has answered 601. Clients omit the fields they
 * do not use (an empty string is a value, and fails its rule); sending both of a pair is
 * refused rather than guessed at.
 */
export const loginBody = z
  .object({
    email: emailField.optional(),
    phone: phoneField.optional(),
    countryCode: dialCodeField.optional(),
    password: loginPasswordField.optional(),
    emailCode: codeField.optional(),
    googleCode: codeField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.phone === undefined && body.email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.emailRequired' });
    }
    if (body.phone !== undefined && body.countryCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'validation.countryCodeRequired' });
    }
    if (body.password === undefined && body.emailCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordRequired' });
    }
    if (body.emailCode !== undefined && body.email === undefined) {
      // Codes are mailed, so code login names the mailbox.
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.emailRequired' });
    }
    if (body.email !== undefined && body.phone !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.emailOrPhone' });
    }
    if (body.password !== undefined && body.emailCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['emailCode'], message: 'validation.passwordOrCode' });
    }
  });
export type LoginBody = z.input<typeof loginBody>;

export const emailBody = z.object({ email: emailField });
export type EmailBody = z.input<typeof emailBody>;

export const emailCodeBody = z.object({ email: emailField, code: codeField });
export type EmailCodeBody = z.input<typeof emailCodeBody>;

export const emailCodePasswordBody = z.object({
  email: emailField,
  code: codeField,
  password: passwordField,
});
export type EmailCodePasswordBody = z.input<typeof emailCodePasswordBody>;

export const registerResult = z.object({ merchantId: z.string(), email: z.string() });

export const country = z.object({
  iso: z.string().describe('ISO 3166-1 alpha-2, e.g. SG'),
  name: z.string().describe("The country's name in the request's language"),
  countryCode: z.string().describe('Dial code digits, e.g. 65'),
});
export type Country = z.infer<typeof country>;

export const checkLoginResult = z.object({
  valid: z.boolean(),
  expiresAt: z.string().nullable(),
});

export const googleCheckResult = z.object({
  isBindGoogle: z.boolean(),
  /** While unbound: the pending secret (base32) to bind, and its otpauth:// URL for the QR code. */
  secret: z.string().nullable(),
  otpauthUrl: z.string().nullable(),
});
export type GoogleCheckResult = z.infer<typeof googleCheckResult>;

export const googleBindBody = z.object({ password: loginPasswordField, code: codeField });
export type GoogleBindBody = z.input<typeof googleBindBody>;

export const updatePasswordBody = z
  .object({
    /** Blank only when the account never had a password (`hasPassword` false). */
    oldPassword: requiredString('validation.passwordRequired')
      .max(128, { message: 'validation.tooLong' })
      .optional()
      .default(''),
    password: passwordField,
    confirmPassword: requiredString('validation.confirmPasswordRequired').min(1, {
      message: 'validation.confirmPasswordRequired',
    }),
    code: codeField,
  })
  // The server answers this one with its own code, 1111 (see VALIDATION_KEY_CODES).
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const loginRecord = z.object({
  time: z.string().describe('ISO 8601'),
  location: z
    .string()
    .describe(
      'City and country (in the request language) from the offline GeoIP database, "local network", or "-"',
    ),
  ip: z.string(),
});
export type LoginRecord = z.infer<typeof loginRecord>;

export const merchantProfile = z.object({
  merchantId: z.string(),
  loginAccount: z.string().describe('The email the merchant logs in with'),
  createdAt: z.string(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  googleState: z.boolean(),
  hasPassword: z.boolean(),
  loginRecords: z.array(loginRecord).describe('The last ten logins, newest first'),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

export const setPhoneBody = z.object({
  countryCode: dialCodeField,
  phone: phoneField,
  password: loginPasswordField,
});
export type SetPhoneBody = z.input<typeof setPhoneBody>;
