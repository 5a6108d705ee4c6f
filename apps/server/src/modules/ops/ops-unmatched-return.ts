import { ErrorCode, type OpsUnmatchedTransfer, toDecimalString } from '@tollgate/contracts';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ChainAdapter, HOT_WALLET, type TransferIntent } from '../../chains/chain-adapter';
import type { Database } from '../../db/client';
import { chainSends, chainTransfers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../types';
import { isOwnAddress, loadOwnAddresses } from '../assets/withdrawal-rules';
import { entries } from '../books/platform-books';
import { nativeCoinOf } from '../chain-sends/chain-sends.repository';
import { fundsWentThrough, readFunds, shortOf } from '../chain-sends/hot-wallet-check';
import { broadcastSendTx, prepareSend } from '../chain-sends/prepare-send';
import type { SendHandler } from '../chain-sends/send-handler';
import { findOperatorById } from './operator.repository';
import { acceptOperatorGoogleCode } from './operator-google';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';
import { findUnmatched, settled } from './ops-unmatched.service';

/**
 * The return of an unmatched transfer to its sender (issue 32 §4), from the hot wallet, with the
 * operator's Google code. Through modules/chain-sends like every send: in the transaction that
 * takes the nonce and stores the signed transaction, the code is spent, the transfer moves
 * unmatched → returning (from unmatched only: once) and the audit row is written; then it is
 * broadcast. The watcher follows it (the handler below): confirmed → `returned`; reverted, with
 * the confirmations → `unmatched` again, to be credited or returned anew (each return's
 * reference is `<transfer id>:<attempt>`). A sender the platform itself holds is refused (1001
 * on id): nothing is written, the code is not spent. A hot wallet too low refuses the return (3207):
 * nothing is written, the code is not spent.
 */
interface ReturnDeps {
  db: Database;
  now: Clock;
  secrets: SecretBox;
  chains: { get(chainId: string): ChainAdapter | undefined };
  log?: FastifyBaseLogger | undefined;
}

const transferIdOf = (ref: string) => Number(ref.split(':')[0]);

function returnIntent(transfer: { coinName: string; fromAddress: string; amount: string }): TransferIntent {
  return {
    coinName: transfer.coinName,
    from: HOT_WALLET,
    toAddress: transfer.fromAddress,
    amount: toDecimalString(transfer.amount),
  };
}

export const unmatchedReturnHandler: SendHandler = {
  async intentOf(db, send) {
    const [transfer] = await db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.id, transferIdOf(send.ref)));
    return transfer && returnIntent(transfer);
  },
  // Nobody is told: the return's hash shows on the operator's page (its send's transactions).
  hashChanged: async () => false,
  async bookMined(tx, send, mined) {
    return entries.returned({
      coinName: send.coinName,
      amount: toDecimalString(send.amount),
      nativeCoin: await nativeCoinOf(tx, send.chainId),
      networkFee: mined.networkFee,
      hotWallet: send.fromAddress,
      blockHeight: mined.blockHeight,
      reverted: mined.failed,
    });
  },
  async finished(tx, send, outcome) {
    await tx
      .update(chainTransfers)
      .set({ status: outcome === 'confirmed' ? 'returned' : 'unmatched' })
      .where(and(eq(chainTransfers.id, transferIdOf(send.ref)), eq(chainTransfers.status, 'returning')));
    return false;
  },
};

export async function returnUnmatched(
  deps: ReturnDeps,
  operator: OperatorSession,
  body: { id: number; googleCode: string },
  ip: string,
): Promise<OpsUnmatchedTransfer> {
  const found = await findUnmatched(deps.db, body.id);
  if (found.status !== 'unmatched') throw settled(found.status);
  const adapter = deps.chains.get(found.chainId);
  if (!adapter) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  // A sender the platform holds (an order's or deposit address, the hot or gas wallet): the
  // return would come back to the platform, which the watcher ignores while the books have it leave.
  const own = await loadOwnAddresses(deps.db, deps.chains, [
    { chainId: found.chainId, address: found.fromAddress },
  ]);
  if (isOwnAddress(adapter, own, found.fromAddress)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        { field: 'id', key: 'validation.ops.returnToOwnAddress', params: { address: found.fromAddress } },
      ],
    });
  }
  const operatorRow = await findOperatorById(deps.db, operator.operatorId);
  if (!operatorRow) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!operatorRow.googleState) throw new AppError(ErrorCode.GOOGLE_NOT_BOUND);

  const intent = returnIntent(found);
  // The amount first (a node cannot quote the gas of a token transfer the wallet cannot pay).
  if ((await shortOf(deps.db, await readFunds(deps.db, adapter, intent))).length > 0) {
    throw new AppError(ErrorCode.HOT_WALLET_SHORT);
  }
  const fee = await adapter.sender.quoteFee(intent);
  const funds = await readFunds(deps.db, adapter, intent, fee);
  if ((await shortOf(deps.db, funds)).length > 0) throw new AppError(ErrorCode.HOT_WALLET_SHORT);
  const [attempts] = await deps.db
    .select({ n: count() })
    .from(chainSends)
    .where(and(eq(chainSends.kind, 'return'), like(chainSends.ref, `${found.id}:%`)));

  const prepared = await prepareSend(deps, adapter, {
    kind: 'return',
    ref: `${found.id}:${(attempts?.n ?? 0) + 1}`,
    intent,
    fee,
    funds,
    claim: async (tx, now) => {
      await acceptOperatorGoogleCode({ db: tx, secrets: deps.secrets }, operatorRow, body.googleCode, now);
      const [moved] = await tx
        .update(chainTransfers)
        .set({ status: 'returning' })
        .where(and(eq(chainTransfers.id, found.id), eq(chainTransfers.status, 'unmatched')))
        .returning({ id: chainTransfers.id });
      if (!moved) return false;
      await writeAudit(tx, {
        operator,
        action: 'unmatched_return',
        target: `transfer:${found.chainId}:${found.txHash}:${found.logIndex}`,
        before: { status: 'unmatched' },
        after: {
          status: 'returning',
          toAddress: found.fromAddress,
          coinName: found.coinName,
          amount: found.amount,
        },
        ip,
        at: now,
      });
      return true;
    },
  });
  if (prepared === 'lost') throw settled('returning');
  if ('short' in prepared) throw new AppError(ErrorCode.HOT_WALLET_SHORT);
  await fundsWentThrough(deps, funds);
  await broadcastSendTx(deps, adapter, prepared.send, prepared.tx, unmatchedReturnHandler);
  return findUnmatched(deps.db, found.id);
}
