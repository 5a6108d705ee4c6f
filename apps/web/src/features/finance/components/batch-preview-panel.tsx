import type { BatchPreview, BatchPreviewRow, BatchSubmitResult, BatchTotal } from '@tollgate/contracts';
import { Alert, Button, Flex, Form, Switch, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { formatExactAmount } from '../../../shared/lib/format';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { useMerchantInfo } from '../../merchant/api/get-merchant-info';
import { useSubmitBatch } from '../api/batch-withdrawal';

/**
 * A previewed batch: how many rows and errors, the totals per coin beside the available balance,
 * the rows (only those in error on demand, a page at a time: up to 10,000), and the submission
 * with one Google code. Submit stays disabled, with the reason shown, while a row has an error,
 * a coin's total does not fit, or Google Authenticator is not bound.
 */
export interface BatchPreviewPanelProps {
  fileName: string;
  preview: BatchPreview;
  onSubmitted: (result: BatchSubmitResult) => void;
}

export function BatchPreviewPanel({ fileName, preview, onSubmitted }: BatchPreviewPanelProps) {
  const { t } = useTranslation();
  const merchant = useMerchantInfo();
  const submit = useSubmitBatch();
  const [form] = Form.useForm<{ googleCode: string }>();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [formError, setFormError] = useState<string>();
  const rows = useMemo(
    () => (onlyErrors ? preview.rows.filter((row) => row.error !== null) : preview.rows),
    [onlyErrors, preview.rows],
  );
  const short = preview.totals.find((total) => !total.enough);
  const blocked =
    preview.errorCount > 0
      ? t('assets.batch.blockedErrors', { count: preview.errorCount })
      : short
        ? t('assets.batch.blockedBalance', {
            coin: short.coinName,
            total: formatExactAmount(short.total),
            available: formatExactAmount(short.available),
          })
        : null;
  const googleBound = merchant.data?.googleState === true;

  const send = async ({ googleCode }: { googleCode: string }) => {
    setFormError(undefined);
    try {
      onSubmitted(await submit.mutateAsync({ batchId: preview.batchId, googleCode }));
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  };

  return (
    <Flex vertical gap={16} data-testid="batch-preview">
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{fileName}</Typography.Text>
        <Tag data-testid="batch-row-count">{t('assets.batch.rowCount', { count: preview.rowCount })}</Tag>
        <Tag color={preview.errorCount > 0 ? 'error' : 'success'} data-testid="batch-error-count">
          {t('assets.batch.errorCount', { count: preview.errorCount })}
        </Tag>
      </Flex>
      <Table<BatchTotal>
        size="small"
        rowKey="coinName"
        pagination={false}
        dataSource={preview.totals}
        locale={{ emptyText: t('assets.batch.noValidRows') }}
        data-testid="batch-totals"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('assets.batch.column.coin'), dataIndex: 'coinName' },
          {
            title: t('assets.batch.column.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: formatExactAmount,
          },
          {
            title: t('assets.batch.column.fee'),
            dataIndex: 'fee',
            align: 'right',
            render: formatExactAmount,
          },
          {
            title: t('assets.batch.column.total'),
            dataIndex: 'total',
            align: 'right',
            render: formatExactAmount,
          },
          {
            title: t('assets.batch.column.available'),
            dataIndex: 'available',
            align: 'right',
            render: formatExactAmount,
          },
          {
            title: t('assets.batch.column.enough'),
            dataIndex: 'enough',
            render: (enough: boolean, total) => (
              <Tag color={enough ? 'success' : 'error'} data-testid={`batch-enough-${total.coinName}`}>
                {enough ? t('assets.batch.enough') : t('assets.batch.notEnough')}
              </Tag>
            ),
          },
        ]}
      />
      <Flex gap={8} align="center">
        <Switch
          checked={onlyErrors}
          onChange={setOnlyErrors}
          disabled={preview.errorCount === 0}
          aria-label={t('assets.batch.onlyErrors')}
          data-testid="batch-only-errors"
        />
        <Typography.Text>{t('assets.batch.onlyErrors')}</Typography.Text>
      </Flex>
      <Table<BatchPreviewRow>
        size="small"
        rowKey="line"
        dataSource={rows}
        data-testid="batch-rows"
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.error ? 'batch-row-error' : '')}
        pagination={{
          defaultPageSize: 10,
          showSizeChanger: true,
          pageSizeOptions: [10, 50, 100],
          showTotal: (total) => t('assets.batch.rowCount', { count: total }),
        }}
        columns={[
          { title: t('assets.batch.column.line'), dataIndex: 'line', width: 64 },
          { title: t('assets.batch.column.coin'), dataIndex: 'coinName' },
          { title: t('assets.batch.column.chain'), dataIndex: 'chainId' },
          {
            title: t('assets.batch.column.address'),
            dataIndex: 'address',
            render: (address: string) => <span className="mono">{address}</span>,
          },
          {
            title: t('assets.batch.column.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (amount: string, row) => (row.error ? amount : formatExactAmount(amount)),
          },
          {
            title: t('assets.batch.column.fee'),
            dataIndex: 'fee',
            align: 'right',
            render: (fee: string | null) => (fee === null ? '-' : formatExactAmount(fee)),
          },
          {
            title: t('assets.batch.column.result'),
            dataIndex: 'error',
            render: (error: string | null) =>
              error ? (
                <Typography.Text type="danger">{error}</Typography.Text>
              ) : (
                <Tag color="success">{t('assets.batch.rowOk')}</Tag>
              ),
          },
        ]}
      />
      {!googleBound && merchant.data ? (
        <Alert
          type="warning"
          showIcon
          title={t('assets.withdraw.needGoogle')}
          action={<Link to="/merchant/info">{t('assets.withdraw.goBind')}</Link>}
          data-testid="batch-need-google"
        />
      ) : null}
      {blocked ? <Alert type="warning" showIcon title={blocked} data-testid="batch-blocked" /> : null}
      <Form
        name="batchSubmit"
        form={form}
        layout="inline"
        onFinish={send}
        requiredMark={false}
        data-testid="batch-submit-form"
      >
        <Form.Item name="googleCode" label={t('assets.withdraw.googleCode')} rules={[RULES.code]}>
          <GoogleCodeInput disabled={blocked !== null || !googleBound} data-testid="batch-google-code" />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={submit.isPending}
            disabled={blocked !== null || !googleBound}
            data-testid="batch-submit"
          >
            {t('assets.batch.submit', { count: preview.rowCount })}
          </Button>
        </Form.Item>
      </Form>
      <FormError message={formError} testId="batch-submit-error" />
    </Flex>
  );
}
