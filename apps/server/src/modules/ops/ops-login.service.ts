import { ErrorCode, type OperatorInfo, type OpsLoginResult, type opsLoginBody } from '@tollgate/contracts';
import type { z } from 'zod';
import { AppError, isAppErrorWith } from '../../lib/app-error';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import type { ServiceDeps } from '../../types';
import {
  beginLoginAttempt,
  type LoginAttempt,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
} from '../auth/login-throttle';
import {
  findOperatorByEmail,
  findOperatorById,
  type OperatorRow,
  setOperatorLastLogin,
} from './operator.repository';
import { acceptOperatorGoogleCode } from './operator-google';
import { insertOperatorSession } from './operator-session.repository';
import { isGoogleRequired, OPERATOR_SESSION_TTL_MS, type OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';

/**
 * POST /front/ops/login, in order, like the merchants' (auth/login.service.ts): the lockouts
 * of login-throttle.ts under the identifier `operator:<email>` (1103 for this IP, 1104 when the
 * account's hourly budget of password guesses is spent), the password (1101, the same answer
 * whether or not the operator exists), the account's state (1102), the Google step once bound
 * (601 without a code, 1203 for a wrong or reused one); then, in one transaction, the session
 * (12 h), the last login time and the audit row. In live mode an operator without Google
 * bound still gets a session, marked googleRequired: the console then asks for the binding.
 */
type LoginFields = z.output<typeof opsLoginBody> & { ip: string; userAgent: string | undefined };

const FAILURES = [ErrorCode.INVALID_CREDENTIALS, ErrorCode.GOOGLE_CODE_INVALID] as const;

export const operatorIdentifier = (email: string) => `operator:${email}`;

export function toOperatorInfo(
  operator: Pick<OperatorRow, 'id' | 'email' | 'googleState'>,
  mode: 'devnet' | 'live',
): OperatorInfo {
  return {
    id: operator.id,
    email: operator.email,
    googleState: operator.googleState,
    googleRequired: isGoogleRequired(mode, operator.googleState),
  };
}

export async function logInOperator(deps: ServiceDeps, input: LoginFields): Promise<OpsLoginResult> {
  const at = deps.now();
  let attempt: LoginAttempt;
  try {
    attempt = await beginLoginAttempt(deps.db, {
      identifier: operatorIdentifier(input.email),
      ip: input.ip,
      at,
      byPassword: true,
    });
  } catch (error) {
    // Operators have no emailed-code login: the merchants' 1104 message would point to one.
    if (isAppErrorWith(error, ErrorCode.TOO_MANY_LOGIN_FAILURES)) {
      throw new AppError(ErrorCode.TOO_MANY_LOGIN_FAILURES, { variant: 'operatorLoginPaused' });
    }
    throw error;
  }
  try {
    const result = await completeLogin(deps, input);
    await recordLoginSuccess(deps.db, attempt);
    return result;
  } catch (error) {
    if (isAppErrorWith(error, ...FAILURES)) await recordLoginFailure(deps.db, attempt, deps.now());
    else await releaseLoginAttempt(deps.db, attempt);
    throw error;
  }
}

async function completeLogin(deps: ServiceDeps, input: LoginFields): Promise<OpsLoginResult> {
  const operator = await findOperatorByEmail(deps.db, input.email);
  const matches = operator
    ? await verifyPassword(operator.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!operator || !matches) throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  if (operator.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  if (operator.googleState) {
    if (input.googleCode === undefined) throw new AppError(ErrorCode.GOOGLE_CODE_REQUIRED);
    await acceptOperatorGoogleCode(deps, operator, input.googleCode, deps.now());
  }
  const token = generateToken();
  const createdAt = deps.now();
  const expiresAt = new Date(createdAt.getTime() + OPERATOR_SESSION_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await insertOperatorSession(tx, {
      operatorId: operator.id,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    });
    await setOperatorLastLogin(tx, operator.id, createdAt);
    await writeAudit(tx, {
      operator: { operatorId: operator.id, email: operator.email },
      action: 'login',
      target: `operator:${operator.id}`,
      ip: input.ip,
      at: createdAt,
    });
  });
  return { token, expiresAt: expiresAt.toISOString(), operator: toOperatorInfo(operator, deps.chains.mode) };
}

/** GET /front/ops/me: read again, so a bind shows at once. */
export async function getOperatorMe(deps: ServiceDeps, session: OperatorSession): Promise<OperatorInfo> {
  const operator = await findOperatorById(deps.db, session.operatorId);
  if (!operator) throw new AppError(ErrorCode.UNAUTHORIZED);
  return toOperatorInfo(operator, deps.chains.mode);
}
