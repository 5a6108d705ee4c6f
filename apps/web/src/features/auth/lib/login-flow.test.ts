import { describe, expect, it } from 'vitest';
import { INITIAL_LOGIN_FLOW, type LoginFlowState, loginFlowReducer } from './login-flow';

const googleStep = (state: LoginFlowState = INITIAL_LOGIN_FLOW) =>
  loginFlowReducer(state, {
    type: 'googleRequired',
    credentials: { email: 'a@b.co', password: 'Secret123', googleCode: '111111' } as never,
    prompt: 'Please enter your Google Authenticator code',
  });

describe('login flow', () => {
  it('starts on email sign-in', () => {
    expect(INITIAL_LOGIN_FLOW).toEqual({ view: 'signIn', method: 'email' });
  });

  it('goes to the Google step on 601, keeping the credentials without any old Google code', () => {
    expect(googleStep()).toEqual({
      view: 'google',
      method: 'email',
      credentials: { email: 'a@b.co', password: 'Secret123' },
      prompt: 'Please enter your Google Authenticator code',
    });
  });

  it('keeps the chosen method through the Google step and back, with the email filled in', () => {
    const phone = loginFlowReducer(INITIAL_LOGIN_FLOW, { type: 'chooseMethod', method: 'phone' });
    expect(googleStep(phone)).toMatchObject({ view: 'google', method: 'phone' });
    expect(loginFlowReducer(googleStep(), { type: 'backToSignIn' })).toEqual({
      view: 'signIn',
      method: 'email',
      email: 'a@b.co',
    });
  });

  it('opens forgot password and registration, and returns with a notice and the email', () => {
    const forgot = loginFlowReducer(INITIAL_LOGIN_FLOW, { type: 'openForgot' });
    expect(forgot.view).toBe('forgot');
    expect(loginFlowReducer(forgot, { type: 'passwordReset', email: 'a@b.co' })).toEqual({
      view: 'signIn',
      method: 'email',
      email: 'a@b.co',
      notice: 'passwordReset',
    });
    const register = loginFlowReducer(INITIAL_LOGIN_FLOW, { type: 'openRegister' });
    expect(register.view).toBe('register');
    expect(loginFlowReducer(register, { type: 'registered', email: 'new@b.co' })).toMatchObject({
      view: 'signIn',
      email: 'new@b.co',
      notice: 'registered',
    });
    expect(loginFlowReducer(register, { type: 'backToSignIn' })).toEqual({ view: 'signIn', method: 'email' });
  });

  it('ignores a method change outside sign-in', () => {
    const google = googleStep();
    expect(loginFlowReducer(google, { type: 'chooseMethod', method: 'phone' })).toBe(google);
  });
});
