import type { LoginBody } from '@tollgate/contracts';

/**
 * What the login page shows, as a pure reducer: the sign-in form, the Google step (after the
 * server answered 601, holding the credentials to send again with the code), forgot password
 * or registration. Finishing a flow returns to sign-in with a notice and the email filled in.
 */
export type SignInMethod = 'email' | 'phone';
export type Credentials = Omit<LoginBody, 'googleCode'>;
export type Notice = 'passwordReset' | 'registered';

export type LoginFlowState =
  | { view: 'signIn'; method: SignInMethod; email?: string; notice?: Notice }
  | { view: 'google'; method: SignInMethod; credentials: Credentials; prompt: string }
  | { view: 'forgot'; method: SignInMethod }
  | { view: 'register'; method: SignInMethod };

export type LoginFlowAction =
  | { type: 'chooseMethod'; method: SignInMethod }
  | { type: 'googleRequired'; credentials: Credentials; prompt: string }
  | { type: 'openForgot' }
  | { type: 'openRegister' }
  | { type: 'backToSignIn' }
  | { type: 'passwordReset'; email: string }
  | { type: 'registered'; email: string };

export const INITIAL_LOGIN_FLOW: LoginFlowState = { view: 'signIn', method: 'email' };

export function loginFlowReducer(state: LoginFlowState, action: LoginFlowAction): LoginFlowState {
  const { method } = state;
  switch (action.type) {
    case 'chooseMethod':
      return state.view === 'signIn' ? { view: 'signIn', method: action.method } : state;
    case 'googleRequired':
      // The Google code is never part of what is kept: the step adds a fresh one each try.
      return {
        view: 'google',
        method,
        credentials: withoutGoogleCode(action.credentials),
        prompt: action.prompt,
      };
    case 'openForgot':
      return { view: 'forgot', method };
    case 'openRegister':
      return { view: 'register', method };
    case 'backToSignIn':
      // Back from the Google step, the email typed before is still there.
      return state.view === 'google' && state.credentials.email
        ? { view: 'signIn', method, email: state.credentials.email }
        : { view: 'signIn', method };
    case 'passwordReset':
      return { view: 'signIn', method: 'email', email: action.email, notice: 'passwordReset' };
    case 'registered':
      return { view: 'signIn', method: 'email', email: action.email, notice: 'registered' };
  }
}

function withoutGoogleCode(credentials: LoginBody): Credentials {
  const { googleCode: _ignored, ...rest } = credentials;
  return rest;
}
