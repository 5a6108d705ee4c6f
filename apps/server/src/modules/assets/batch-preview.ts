import type { Readable } from 'node:stream';
import type { BatchPreview, Language } from '@tollgate/contracts';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Database } from '../../db/client';
import type { Clock } from '../../types';
import type { FileStore } from '../uploads/file-store';
import { extensionOf } from '../uploads/spreadsheet-type';
import { isOwnUpload } from '../uploads/upload.repository';
import { insertBatch, newBatchId } from './batch.repository';
import { type BatchSums, batchTotals, checkBatchRows } from './batch-rows';
import { readBatchSheet, sheetError } from './batch-sheet';
import { loadAddressWhitelist } from './withdrawal-rules';

/**
 * POST /front/merchant/account/withdrawal/batch/preview (issue 8 "Batch withdrawal"):
 * 1. the file is one the merchant uploaded into `batch` (another's key, or an icon, is not found);
 * 2. it is read (batch-sheet.ts: header in any language, at most 10,000 rows) and every row
 *    checked like a single withdrawal, duplicates too (batch-rows.ts);
 * 3. the totals per coin over the valid rows (added up while checking them), beside the available
 *    balance;
 * 4. the rows are stored as a batch (previewed) and returned with its batchId.
 * Nothing is frozen: the submission checks again and decides.
 */
export interface BatchPreviewDeps {
  db: Database;
  now: Clock;
  chains: { get(chainId: string): ChainAdapter | undefined };
  files: FileStore;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function previewBatch(
  deps: BatchPreviewDeps,
  merchantId: number,
  lang: Language,
  body: { fileKey: string; fileName?: string | undefined },
): Promise<BatchPreview> {
  if (!(await isOwnUpload(deps.db, merchantId, body.fileKey, 'batch'))) throw sheetError('fileNotFound');
  const file = await deps.files.open(body.fileKey);
  if (!file) throw sheetError('fileNotFound');
  const bytes = await readAll(file.body);
  const kind = extensionOf(body.fileKey) === '.csv' ? 'csv' : 'xlsx';
  return previewBatchFile(deps, merchantId, lang, {
    bytes,
    kind,
    fileKey: body.fileKey,
    fileName: body.fileName ?? '',
  });
}

/** Steps 2 to 4 on a file's bytes (the bench times this beside exceljs reading the same file). */
export async function previewBatchFile(
  deps: Omit<BatchPreviewDeps, 'files'>,
  merchantId: number,
  lang: Language,
  file: { bytes: Buffer; kind: 'xlsx' | 'csv'; fileKey: string; fileName: string },
): Promise<BatchPreview> {
  const sheet = await readBatchSheet(file.bytes, file.kind, lang);
  const whitelist = await loadAddressWhitelist(deps.db, merchantId);
  const sums: BatchSums = new Map();
  const checked = await checkBatchRows({ db: deps.db, chains: deps.chains, whitelist }, sheet, lang, sums);
  const totals = await batchTotals(deps.db, merchantId, sums);
  const rows = checked.map(({ checked: _, ...row }) => row);
  const errorCount = rows.filter((row) => row.error !== null).length;
  const batch = await insertBatch(deps.db, {
    batchId: newBatchId(),
    merchantId,
    fileKey: file.fileKey,
    fileName: file.fileName,
    rows,
    rowCount: rows.length,
    errorCount,
    createdAt: deps.now(),
  });
  return { batchId: batch.batchId, rowCount: rows.length, errorCount, rows, totals };
}
