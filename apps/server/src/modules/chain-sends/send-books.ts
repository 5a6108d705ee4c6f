import { toDecimalString } from '@tollgate/contracts/money';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { platformEntries } from '../../db/schema';
import { type BookLine, entries, postEntry } from '../books/platform-books';
import type { ChainSendRow } from './chain-sends.repository';

/**
 * A send in the platform books (docs/decisions/2026-12-07-platform-books.md): its kind's lines
 * are one entry per block it is mined in, `send:<id>:mined:<block hash>`, posted with the mined
 * record; when that block leaves the chain, the same lines reversed, `send:<id>:unmined:<block
 * hash>`. Whatever the reorgs, what stays booked is the block the send is last mined in.
 */
const minedRef = (sendId: number, blockHash: string) => `send:${sendId}:mined:${blockHash}`;

export async function bookMined(
  tx: Executor,
  send: ChainSendRow,
  blockHash: string,
  lines: BookLine[],
  now: Date,
): Promise<void> {
  await postEntry(tx, { ref: minedRef(send.id, blockHash), chainId: send.chainId, lines, now });
}

/** Reverses the entry of the block the send was recorded mined in (its row as it was). */
export async function unbookMined(tx: Executor, send: ChainSendRow, now: Date): Promise<void> {
  if (send.minedBlockHash === null) return;
  const booked = await tx
    .select()
    .from(platformEntries)
    .where(eq(platformEntries.entryRef, minedRef(send.id, send.minedBlockHash)));
  const lines: BookLine[] = booked.map((line) => ({
    coinName: line.coinName,
    account: line.account,
    amount: toDecimalString(line.amount),
    ...(line.address === null ? {} : { address: line.address }),
    ...(line.blockHeight === null ? {} : { blockHeight: line.blockHeight }),
  }));
  await postEntry(tx, {
    ref: `send:${send.id}:unmined:${send.minedBlockHash}`,
    chainId: send.chainId,
    lines: entries.undo(lines),
    now,
  });
}
