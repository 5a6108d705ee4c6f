import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { codeMailedTo, getAs, googleCodeNow, postForm, postJson } from './calls';

/** Multi-call steps many tests share: register through the API, bind Google, log in. */
export async function registerThroughApi(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { lang?: string; ip?: string } = {},
) {
  expect((await postForm(app, '/reg/mail/code', { email }, options)).json().code).toBe(0);
  const code = await codeMailedTo(app, email);
  const response = await postForm(app, '/register/email', { email, code, password }, options);
  expect(response.json().code).toBe(0);
  return response.json().data as { merchantId: string; email: string };
}

export async function logInWithPassword(
  app: FastifyInstance,
  email: string,
  password: string,
  googleCode?: string,
) {
  return postForm(app, '/login', { email, password, ...(googleCode ? { googleCode } : {}) });
}

/** Binds Google Authenticator for the session's merchant; returns the secret. */
export async function bindGoogleThroughApi(app: FastifyInstance, token: string, password: string) {
  const check = await getAs(app, '/google/check', { token });
  const secret = check.json().data.secret as string;
  const bind = await postJson(app, '/google/send', { password, code: googleCodeNow(app, secret) }, { token });
  expect(bind.json().code).toBe(0);
  return secret;
}
