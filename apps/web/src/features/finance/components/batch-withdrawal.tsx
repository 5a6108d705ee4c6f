import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { BatchPreview, BatchSubmitResult, BatchTemplateFormat } from '@tollgate/contracts';
import {
  BATCH_MAX_ROWS,
  BATCH_UPLOAD_EXTENSIONS,
  BATCH_UPLOAD_MAX_BYTES,
} from '@tollgate/contracts/application-limits';
import { Alert, App, Button, Flex, Progress, Result, Space, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBatchTemplate } from '../api/batch-template';
import { usePreviewBatch } from '../api/batch-withdrawal';
import { uploadBatchFile } from '../api/upload-batch-file';
import { BatchPreviewPanel } from './batch-preview-panel';
import { useWithdrawalPause, WithdrawalPauseAlert } from './withdrawal-pause';

/**
 * Batch withdrawal (issue 8, SPEC "spreadsheet upload with a template download"): the templates
 * (.xlsx, .csv) in the UI's language; a file chosen or dropped is uploaded with its progress, then
 * previewed (every row's error, the totals per coin); submitted with one Google code. What the
 * browser can tell (the extension, the 5 MB) is refused before sending; the server checks the
 * bytes and every row.
 */
type Stage =
  | { name: 'idle' }
  | { name: 'uploading'; percent: number; fileName: string }
  | { name: 'previewing'; fileName: string }
  | { name: 'previewed'; fileName: string; preview: BatchPreview }
  | { name: 'submitted'; result: BatchSubmitResult };

const accept = BATCH_UPLOAD_EXTENSIONS.join(',');
const hasAllowedExtension = (name: string) =>
  BATCH_UPLOAD_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

export function BatchWithdrawal() {
  const { t } = useTranslation();
  const pausedUntil = useWithdrawalPause();
  const { message } = App.useApp();
  const previewBatch = usePreviewBatch();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [error, setError] = useState<string>();
  const [downloading, setDownloading] = useState<BatchTemplateFormat | null>(null);
  const busy = stage.name === 'uploading' || stage.name === 'previewing';

  const download = async (format: BatchTemplateFormat) => {
    setDownloading(format);
    try {
      await downloadBatchTemplate(format);
    } catch (failure) {
      message.error((failure as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  const pick = (file: File) => {
    setError(undefined);
    if (!hasAllowedExtension(file.name)) {
      setError(t('assets.batch.formatHint'));
    } else if (file.size > BATCH_UPLOAD_MAX_BYTES) {
      setError(t('assets.batch.tooLarge'));
    } else {
      void upload(file);
    }
    // Never antd's own request: the upload goes through the signature.
    return false;
  };

  const upload = async (file: File) => {
    setStage({ name: 'uploading', percent: 0, fileName: file.name });
    try {
      const { key } = await uploadBatchFile(file, (percent) =>
        setStage({ name: 'uploading', percent, fileName: file.name }),
      );
      setStage({ name: 'previewing', fileName: file.name });
      const preview = await previewBatch.mutateAsync({ fileKey: key, fileName: file.name });
      setStage({ name: 'previewed', fileName: file.name, preview });
    } catch (failure) {
      setError((failure as Error).message || t('assets.batch.uploadFailed'));
      setStage({ name: 'idle' });
    }
  };

  if (stage.name === 'submitted') {
    const { result } = stage;
    const pending = result.withdrawals.filter((w) => w.status === 'pending_review').length;
    // "the others are being sent" only when there are others, and some wait for review.
    const hintKey =
      pending === 0
        ? 'assets.batch.submittedHintNoReview'
        : pending === result.withdrawals.length
          ? 'assets.batch.submittedHintAllReview'
          : 'assets.batch.submittedHint';
    return (
      <Result
        status="success"
        title={t('assets.batch.submitted', { count: result.count })}
        subTitle={t(hintKey, { batchId: result.batchId, pending })}
        extra={
          <Button type="primary" onClick={() => setStage({ name: 'idle' })} data-testid="batch-again">
            {t('assets.batch.again')}
          </Button>
        }
        data-testid="batch-result"
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="batch-withdrawal">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('assets.batch.intro', { max: BATCH_MAX_ROWS.toLocaleString() })}
      </Typography.Paragraph>
      <Space wrap>
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined />}
            loading={downloading === format}
            onClick={() => void download(format)}
            data-testid={`batch-template-${format}`}
          >
            {t(format === 'xlsx' ? 'assets.batch.templateXlsx' : 'assets.batch.templateCsv')}
          </Button>
        ))}
      </Space>
      <div data-testid="batch-upload">
        {stage.name === 'previewed' ? (
          // Once a file is previewed, the next (corrected) one replaces it: a button is enough.
          <Upload accept={accept} showUploadList={false} beforeUpload={pick}>
            <Button icon={<UploadOutlined />} data-testid="batch-upload-again">
              {t('assets.batch.dropAgain')}
            </Button>
          </Upload>
        ) : (
          <Upload.Dragger accept={accept} showUploadList={false} beforeUpload={pick} disabled={busy}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('assets.batch.drop')}</p>
            <p className="ant-upload-hint">{t('assets.batch.dropHint')}</p>
          </Upload.Dragger>
        )}
      </div>
      {stage.name === 'uploading' ? (
        <div data-testid="batch-progress">
          <Typography.Text>{t('assets.batch.uploading', { name: stage.fileName })}</Typography.Text>
          <Progress percent={stage.percent} status="active" />
        </div>
      ) : null}
      {stage.name === 'previewing' ? (
        <Flex gap={8} align="center" data-testid="batch-checking">
          <Spin size="small" />
          <Typography.Text>{t('assets.batch.checking', { name: stage.fileName })}</Typography.Text>
        </Flex>
      ) : null}
      {pausedUntil ? <WithdrawalPauseAlert until={pausedUntil} /> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" data-testid="batch-error" /> : null}
      {stage.name === 'previewed' ? (
        <BatchPreviewPanel
          key={stage.preview.batchId}
          fileName={stage.fileName}
          preview={stage.preview}
          onSubmitted={(result) => setStage({ name: 'submitted', result })}
        />
      ) : null}
    </Flex>
  );
}
