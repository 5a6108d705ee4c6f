import { DownloadOutlined } from '@ant-design/icons';
import type { ExportBody, ExportFormat } from '@tollgate/contracts';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startExport } from '../api/export-file';
import { ExportJobModal } from './export-job-modal';

/**
 * The records' Export action (SPEC "Collection and payout records": search, reset, export):
 * CSV or XLSX of the list with the filters on screen, dates in the browser's time zone as the
 * table shows them. A file of up to the direct limit downloads at once (the button spins
 * meanwhile); a bigger one becomes a job whose progress a modal follows.
 */
export function ExportButton({
  kind,
  filters,
}: {
  kind: ExportBody['kind'];
  filters: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<{ exportId: string; rows: number } | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const outcome = await startExport({
        kind,
        format,
        filters,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      } as ExportBody);
      if (outcome.kind === 'saved') message.success(t('exports.saved', { name: outcome.fileName }));
      else setJob({ exportId: outcome.exportId, rows: outcome.rows });
    } catch (error) {
      message.error(`${t('exports.failed')}: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          items: [
            { key: 'csv', label: <span data-testid="export-csv">{t('exports.csv')}</span> },
            { key: 'xlsx', label: <span data-testid="export-xlsx">{t('exports.xlsx')}</span> },
          ],
          onClick: ({ key }) => void run(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} data-testid="export-button">
          {busy ? t('exports.exporting') : t('exports.button')}
        </Button>
      </Dropdown>
      <ExportJobModal job={job} onClose={() => setJob(null)} />
    </>
  );
}
