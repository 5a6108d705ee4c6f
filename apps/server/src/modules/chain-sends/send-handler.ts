import type { FastifyBaseLogger } from 'fastify';
import type { TransferIntent } from '../../chains/chain-adapter';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../types';
import type { BookLine } from '../books/platform-books';
import type { ChainSendKind, ChainSendRow } from './chain-sends.repository';

/** What the sending module needs: the database, the clock, a log. */
export interface ChainSendDeps {
  db: Database;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

/**
 * What a kind of send (a withdrawal now; a sweep, a gas top-up, a return later) tells the
 * sending module, and how it follows its send. Each hook runs in the transaction that records
 * the send's change, and answers true when it wrote a callback event (the caller wakes the
 * workers).
 */
export interface SendHandler {
  /** The transfer the send makes, to sign it again (a replacement at the same nonce). */
  intentOf(db: Executor, send: ChainSendRow): Promise<TransferIntent | undefined>;
  /**
   * The hash to show changed: the latest broadcast transaction's, then the mined one's (any of
   * the send's transactions may be the one mined).
   */
  hashChanged(tx: Executor, send: ChainSendRow, txHash: string, now: Date): Promise<boolean>;
  /**
   * The platform books' lines of the send mined in a block (books/platform-books.ts `entries`):
   * posted with the mined record, undone if that block leaves the chain.
   */
  bookMined(
    tx: Executor,
    send: ChainSendRow,
    mined: { blockHeight: number; failed: boolean; networkFee: string },
  ): Promise<BookLine[]>;
  /** Mined with the chain's confirmations, in a block still canonical: it moved the money, or reverted. */
  finished(tx: Executor, send: ChainSendRow, outcome: 'confirmed' | 'reverted', now: Date): Promise<boolean>;
}

export type SendHandlers = Partial<Record<ChainSendKind, SendHandler>>;
