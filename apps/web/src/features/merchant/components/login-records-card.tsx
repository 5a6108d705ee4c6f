import type { LoginRecord } from '@tollgate/contracts';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { useLoginInfo } from '../api/get-login-info';

/** The last ten logins (SPEC section 2): time, location (offline GeoIP) and IP address, newest first. */
export function LoginRecordsCard() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isFetching } = useLoginInfo();
  const columns = [
    {
      key: 'time',
      title: t('merchant.loginRecords.time'),
      render: (record: LoginRecord) => formatDate(record.time),
    },
    { key: 'location', dataIndex: 'location', title: t('merchant.loginRecords.location') },
    { key: 'ip', dataIndex: 'ip', title: t('merchant.loginRecords.ip') },
  ];
  return (
    <Card title={t('merchant.loginRecords.title')} data-testid="login-records-card">
      {error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <Table
          size="small"
          rowKey={(record) => `${record.time}-${record.ip}`}
          columns={columns}
          dataSource={data?.loginRecords ?? []}
          loading={isPending}
          pagination={false}
          locale={{ emptyText: <EmptyData theme="small" textKey="merchant.loginRecords.empty" /> }}
          data-testid="login-records-table"
        />
      )}
    </Card>
  );
}
