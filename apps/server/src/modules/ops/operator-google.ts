import { ErrorCode, type GoogleCheckResult, type OpsGoogleBindBody } from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../types';
import { generateTotpSecret, matchTotpStep, otpauthUrl } from '../google/totp';
import {
  acceptOperatorStep,
  bindOperatorPendingSecret,
  findOperatorById,
  type OperatorRow,
  offerOperatorPendingSecret,
} from './operator.repository';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';

/**
 * Google Authenticator for operators, as for merchants (google.service.ts): an offered pending
 * secret, bound with the password and a current code; every accepted code moves
 * google_last_step on, so no code works twice. Secrets are sealed with the same secret box, each
 * bound to its place `operator:<id>:<column>`, so a merchant's sealed secret never opens here.
 * There is no unbind from the console: an operator who loses the device is reset by an admin.
 */
type Column = 'google_secret' | 'google_pending_secret';
export const operatorSecretPlace = (operatorId: number, column: Column) => `operator:${operatorId}:${column}`;
const place = operatorSecretPlace;

interface Deps {
  db: Executor;
  now: Clock;
  secrets: SecretBox;
}

const codeReused = () => new AppError(ErrorCode.GOOGLE_CODE_INVALID, { variant: 'googleCodeReused' });

async function loadOperator(db: Executor, operatorId: number): Promise<OperatorRow> {
  const operator = await findOperatorById(db, operatorId);
  if (!operator) throw new AppError(ErrorCode.UNAUTHORIZED);
  return operator;
}

/** A code of the bound secret, accepted once: wrong → 1203, already used → 1203 (reused). */
export async function acceptOperatorGoogleCode(
  { db, secrets }: Pick<Deps, 'db' | 'secrets'>,
  operator: Pick<OperatorRow, 'id' | 'googleState' | 'googleSecret'>,
  code: string,
  at: Date,
): Promise<void> {
  if (!operator.googleState || !operator.googleSecret) throw new AppError(ErrorCode.GOOGLE_NOT_BOUND);
  const secret = secrets.open(operator.googleSecret, place(operator.id, 'google_secret'));
  const step = matchTotpStep(secret, code, at);
  if (step === null) throw new AppError(ErrorCode.GOOGLE_CODE_INVALID);
  if (!(await acceptOperatorStep(db, operator.id, step))) throw codeReused();
}

export async function getOperatorGoogleCheck(deps: Deps, operatorId: number): Promise<GoogleCheckResult> {
  let operator = await loadOperator(deps.db, operatorId);
  if (operator.googleState) return { isBindGoogle: true, secret: null, otpauthUrl: null };
  if (!operator.googlePendingSecret) {
    const offered = deps.secrets.seal(generateTotpSecret(), place(operatorId, 'google_pending_secret'));
    await offerOperatorPendingSecret(deps.db, operatorId, offered);
    operator = await loadOperator(deps.db, operatorId);
  }
  const sealed = operator.googlePendingSecret;
  if (!sealed) throw new AppError(ErrorCode.GOOGLE_ALREADY_BOUND);
  const secret = deps.secrets.open(sealed, place(operatorId, 'google_pending_secret'));
  return { isBindGoogle: false, secret, otpauthUrl: otpauthUrl(secret, `ops:${operator.email}`) };
}

export async function bindOperatorGoogle(
  deps: Deps,
  session: OperatorSession,
  body: OpsGoogleBindBody,
  ip: string,
): Promise<null> {
  const operator = await loadOperator(deps.db, session.operatorId);
  if (operator.googleState) throw new AppError(ErrorCode.GOOGLE_ALREADY_BOUND);
  if (!(await verifyPassword(operator.passwordHash, body.password)))
    throw new AppError(ErrorCode.PASSWORD_WRONG);
  const pending = operator.googlePendingSecret;
  const secret = pending ? deps.secrets.open(pending, place(operator.id, 'google_pending_secret')) : null;
  const at = deps.now();
  const step = secret ? matchTotpStep(secret, body.code, at) : null;
  if (!pending || !secret || step === null) throw new AppError(ErrorCode.GOOGLE_CODE_INVALID);
  const bound = deps.secrets.seal(secret, place(operator.id, 'google_secret'));
  await deps.db.transaction(async (tx) => {
    if (!(await bindOperatorPendingSecret(tx, operator.id, { pending, bound }, step))) throw codeReused();
    await writeAudit(tx, {
      operator: session,
      action: 'google_bind',
      target: `operator:${operator.id}`,
      before: { googleState: false },
      after: { googleState: true },
      ip,
      at,
    });
  });
  return null;
}
