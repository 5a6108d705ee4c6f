import { uploadSignature } from '@tollgate/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { postForm } from './calls';

/** Batch withdrawal files built in memory, and their upload through a `batch` signature. */
export type Cell = string | number | ExcelJS.CellValue;

export async function xlsxOf(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function csvOf(rows: string[][], options: { bom?: boolean; delimiter?: string } = {}): Buffer {
  const text = rows.map((row) => row.join(options.delimiter ?? ',')).join('\r\n');
  return Buffer.from(`${options.bom ? '\uFEFF' : ''}${text}\r\n`, 'utf8');
}

export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

function multipart(fields: Record<string, string>, file: { bytes: Buffer; filename: string }) {
  const boundary = '----tollgateBatchBoundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Signs a `batch` upload for the session and posts the file; returns the raw response. */
export async function uploadBatchFile(
  app: FastifyInstance,
  token: string,
  file: { bytes: Buffer; filename: string },
  lang = 'en_US',
) {
  const signed = await postForm(app, '/upload/oss/signature', { dir: 'batch' }, { token });
  expect(signed.json().code).toBe(0);
  const { url, fields } = uploadSignature.parse(signed.json().data);
  const { payload, contentType } = multipart(fields, file);
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, lang } });
}

/** Uploads and returns the stored key (the upload must succeed). */
export async function uploadedKey(
  app: FastifyInstance,
  token: string,
  file: { bytes: Buffer; filename: string },
) {
  const response = await uploadBatchFile(app, token, file);
  expect(response.json(), 'upload').toMatchObject({ code: 0 });
  return response.json().data.key as string;
}
