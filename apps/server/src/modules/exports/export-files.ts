import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportFormat, ExportKind, Language } from '@tollgate/contracts';
import { exportLabels } from './export-labels';

/**
 * Where a job's file lives (DATA_DIR/exports/<id>.<format>; one directory shared by every
 * node, as DATA_DIR/uploads), and the name the merchant's browser saves it under: the list's
 * name in their language and the moment in their time zone. Content-Disposition carries it as
 * RFC 5987 UTF-8 (filename*) with an ASCII fallback for old clients.
 */
export function exportsDir(dataDir: string): string {
  const dir = join(dataDir, 'exports');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function exportFilePath(dataDir: string, id: string, format: ExportFormat): string {
  return join(exportsDir(dataDir), `${id}.${format}`);
}

/** "收款记录-20261126-103000.csv": the date part in `YYYY/MM/DD HH:mm:ss` form, squeezed. */
export function exportFileName(
  kind: ExportKind,
  format: ExportFormat,
  lang: Language,
  stamp: string,
): string {
  const files = exportLabels(lang).files as Record<string, string>;
  const squeezed = stamp.replace(/\//g, '').replace(/:/g, '').replace(' ', '-');
  return `${files[kind] ?? kind}-${squeezed}.${format}`;
}

export function contentDisposition(fileName: string, fallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}
