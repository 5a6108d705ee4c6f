import { Alert, App, Button, Modal, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/lib/format';
import { downloadExport, useExportStatus } from '../api/export-file';

/** An export job's progress, read every second, then its file's download link (kept 24 h). */
export function ExportJobModal({
  job,
  onClose,
}: {
  job: { exportId: string; rows: number } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useExportStatus(job?.exportId ?? null);
  const [downloading, setDownloading] = useState(false);
  const data = status.data;
  const count = (n: number) => formatExactAmount(String(n));
  // The job it was opened for, kept while the modal fades out after onClose cleared `job` (the
  // intro read "More than 0 rows" for that moment).
  const lastJob = useRef(job);
  if (job) lastJob.current = job;

  const download = async () => {
    if (!data?.downloadUrl) return;
    setDownloading(true);
    try {
      const name = await downloadExport(data.downloadUrl, data.fileName);
      message.success(t('exports.saved', { name }));
    } catch (error) {
      message.error(`${t('exports.failed')}: ${(error as Error).message}`);
    } finally {
      setDownloading(false);
    }
  };

  const body = () => {
    if (status.error)
      return (
        <Alert type="error" showIcon message={`${t('exports.job.statusFailed')}: ${status.error.message}`} />
      );
    if (!data) return <Progress percent={0} status="active" />;
    if (data.status === 'failed') return <Alert type="error" showIcon message={t('exports.job.failed')} />;
    if (data.status === 'expired')
      return <Alert type="warning" showIcon message={t('exports.job.expired')} />;
    if (data.status === 'done') {
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Progress percent={100} status="success" />
          <Typography.Text data-testid="export-job-done">
            {t('exports.job.done', { rows: count(data.rows) })}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="export-job-file">
            {data.fileName}
          </Typography.Text>
        </Space>
      );
    }
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Progress percent={data.progress} status="active" data-testid="export-job-progress" />
        <Typography.Text type="secondary">
          {data.total === null
            ? t('exports.job.counting')
            : t('exports.job.progress', { rows: count(data.rows), total: count(data.total) })}
        </Typography.Text>
      </Space>
    );
  };

  return (
    <Modal
      open={job !== null}
      title={t('exports.job.title')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="export-job-modal"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('exports.job.close')}
        </Button>,
        <Button
          key="download"
          type="primary"
          disabled={data?.status !== 'done'}
          loading={downloading}
          onClick={() => void download()}
          data-testid="export-job-download"
        >
          {downloading ? t('exports.job.downloading') : t('exports.job.download')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {/* The server counts up to its direct limit + 1: what is known is "more than the limit". */}
          {t('exports.job.intro', { limit: count(Math.max(0, (lastJob.current?.rows ?? 1) - 1)) })}
        </Typography.Paragraph>
        {body()}
      </Space>
    </Modal>
  );
}
