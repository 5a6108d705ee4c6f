import { type Money, money, sumMoney, toDecimalString } from '@tollgate/contracts/money';
import {
  type ChainAdapter,
  type FeeOffer,
  HOT_WALLET,
  type TransferIntent,
  type UtxoSender,
} from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { nativeCoinOf, raiseAlert, resolveAlert, unminedAmount } from './chain-sends.repository';
import type { ChainSendDeps } from './send-handler';
import { availableUtxos, changeInFlight } from './utxos.repository';

/**
 * Whether the hot wallet can make a send: its balance of the coin, less what its sends not yet
 * mined will take, covers the amount; and the most the fee can cost is covered in the chain's
 * native coin (with the amount, when the coin is the native one).
 * - `readFunds` asks the chain (before any transaction: a network call);
 * - `shortOf` compares, on the database or inside the transaction that takes the nonce: under
 *   the nonce's row lock, every other send from the address is either stored already (counted)
 *   or waits, so two sends never both count on the same funds;
 * - `holdForFunds` raises or refreshes the chain's `hot_wallet_low` alert of each short coin (one
 *   open per chain and coin) and logs: the caller holds the send (a withdrawal stays
 *   `processing`), never fails it; `fundsWentThrough` resolves the coins' open alerts.
 * Not on the devnet: nothing funds its hot wallet (simulated money is never swept into it), so
 * its balance is what it received less what it sent, below zero once it has sent anything, and
 * the platform books and chain:reconcile read it as it is. A devnet send needs no funds
 * (`readFunds` answers no needs), as before the check existed.
 *
 * On a UTXO chain (Doge) the funds are the hot wallet's available outputs (chain_utxos: mined,
 * unlocked), never the node's balance: the outputs its sends in flight spend are locked, so out
 * of it already (nothing more is promised), and their change is not in it until scanned in a
 * block. With a fee rate, the sender's coin selection says whether they cover the amount and the
 * fee. Short only because that change has not come back yet (changeInFlight), the send waits
 * quietly (held, no alert; tried again next pass); truly short, it is held with the alert.
 */
export interface Funds {
  address: string;
  chainId: string;
  /** Per coin: the balance the chain answered and what this send needs of it. */
  needs: FundsNeed[];
  /** UTXO chains: the balance is the address's available outputs (see above). */
  outputs?: true;
}

export interface FundsNeed {
  coinName: string;
  balance: string;
  /** The amount, with the fee when it is known (account chains: the most it can cost). */
  needed: string;
  /** UTXO chains, with a fee rate: whether coin selection found inputs for the amount and the fee. */
  covered?: boolean;
}

/**
 * Without a fee: the amount only (asked first: a node cannot even quote the gas of a token
 * transfer the wallet cannot pay, its estimate reverts); with it, the fee's native coin too.
 */
export async function readFunds(
  db: Executor,
  adapter: ChainAdapter,
  intent: TransferIntent,
  fee?: FeeOffer,
): Promise<Funds> {
  const address = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  if (adapter.mode === 'devnet') return { address, chainId: adapter.chainId, needs: [] };
  if (adapter.sender.kind === 'utxo')
    return readOutputs(db, adapter.chainId, adapter.sender, address, intent, fee);
  const native = await nativeCoinOf(db, adapter.chainId);
  const maxFee = money(fee ? adapter.sender.maxNetworkFee(fee) : '0');
  const needs = new Map<string, Money>([[intent.coinName, money(intent.amount)]]);
  if (maxFee.greaterThan(0) || intent.coinName === native) {
    needs.set(native, (needs.get(native) ?? money('0')).plus(maxFee));
  }
  const out: Funds['needs'] = [];
  for (const [coinName, needed] of needs) {
    out.push({
      coinName,
      balance: await adapter.balanceOf(address, coinName),
      needed: toDecimalString(needed),
    });
  }
  return { address, chainId: adapter.chainId, needs: out };
}

async function readOutputs(
  db: Executor,
  chainId: string,
  sender: UtxoSender,
  address: string,
  intent: TransferIntent,
  fee: FeeOffer | undefined,
): Promise<Funds> {
  const available = await availableUtxos(db, chainId, { addresses: [address] });
  const balance = toDecimalString(sumMoney(available.map((output) => output.amount)));
  const selection = fee ? sender.selectInputs(intent, available, fee) : undefined;
  const needed = money(intent.amount).plus(selection?.fee ?? '0');
  const need: FundsNeed = { coinName: intent.coinName, balance, needed: toDecimalString(needed) };
  if (fee) need.covered = selection !== undefined;
  return { address, chainId, needs: [need], outputs: true };
}

export interface Shortfall {
  coinName: string;
  balance: string;
  /** The amounts of the address's sends in the coin not mined yet. */
  promised: string;
  needed: string;
  /** UTXO chains: the change of the address's own sends in flight, not back yet (changeInFlight). */
  incoming?: string;
}

export async function shortOf(db: Executor, funds: Funds): Promise<Shortfall[]> {
  const short: Shortfall[] = [];
  for (const { covered, ...need } of funds.needs) {
    if (funds.outputs) {
      if (covered !== false && money(need.balance).greaterThanOrEqualTo(need.needed)) continue;
      const incoming = await changeInFlight(db, funds.chainId, funds.address);
      short.push({ ...need, promised: '0', incoming });
      continue;
    }
    const promised = await unminedAmount(db, funds.chainId, funds.address, need.coinName);
    if (money(need.balance).minus(promised).greaterThanOrEqualTo(need.needed)) continue;
    short.push({ ...need, promised: toDecimalString(promised) });
  }
  return short;
}

export async function holdForFunds(
  deps: ChainSendDeps,
  funds: Funds,
  short: Shortfall[],
  ref: string,
): Promise<void> {
  for (const shortfall of short) {
    const detail = { address: funds.address, ...shortfall, heldRef: ref };
    if (waitsForChange(shortfall)) {
      deps.log?.info(
        { chainId: funds.chainId, ...detail },
        'hot wallet: the send waits for the change of its sends in flight',
      );
      continue;
    }
    await raiseAlert(deps.db, {
      chainId: funds.chainId,
      kind: 'hot_wallet_low',
      key: shortfall.coinName,
      detail,
      now: deps.now(),
    });
    deps.log?.warn({ chainId: funds.chainId, ...detail }, 'hot wallet: too low to send; the send is held');
  }
}

/**
 * UTXO chains: change is still to come back, and with it the outputs would cover the need (more
 * than the amount alone when the fee is not known: a fee is never nothing). Once the change is
 * back, nothing is incoming: a send still short then is held with the alert.
 */
export function waitsForChange(shortfall: Shortfall): boolean {
  if (shortfall.incoming === undefined || money(shortfall.incoming).lte(0)) return false;
  return money(shortfall.balance).plus(shortfall.incoming).greaterThan(shortfall.needed);
}

export async function fundsWentThrough(deps: ChainSendDeps, funds: Funds): Promise<void> {
  for (const { coinName } of funds.needs) {
    const alert = { chainId: funds.chainId, kind: 'hot_wallet_low' as const, key: coinName, now: deps.now() };
    if (await resolveAlert(deps.db, alert)) {
      deps.log?.info(
        { chainId: funds.chainId, coinName },
        'hot wallet: sends go through again; alert resolved',
      );
    }
  }
}
