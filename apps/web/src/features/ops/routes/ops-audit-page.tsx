import type { OpsAuditAction, OpsAuditEntry } from '@tollgate/contracts';
import { Button, Card, Form, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useOpsAuditLog } from '../api/ops-audit';
import { describeChange } from '../lib/audit-change';
import { AUDIT_ACTION_COLOR, AUDIT_ACTIONS } from '../lib/ops-labels';

/** The audit log: every operator action, newest first, filtered by action, a page at a time. */
const FIRST_PAGE = { pageNo: 1, pageSize: 20 };

function Change({ entry }: { entry: OpsAuditEntry }) {
  const lines = describeChange(entry.before, entry.after);
  if (lines.length === 0) return <span>-</span>;
  return (
    <ul className="ops-change">
      {lines.map((line) => (
        <li key={line.field ?? ''}>
          {line.field ? <span className="ops-secondary">{line.field}: </span> : null}
          <span className="ops-mono">{line.before}</span> → <span className="ops-mono">{line.after}</span>
        </li>
      ))}
    </ul>
  );
}

export default function OpsAuditPage() {
  const { t } = useTranslation();
  const [action, setAction] = useState<OpsAuditAction>();
  const [page, setPage] = useState(FIRST_PAGE);
  const log = useOpsAuditLog({ ...page, ...(action ? { action } : {}) });

  const columns: ColumnsType<OpsAuditEntry> = [
    {
      title: t('ops.audit.column.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDate(v),
    },
    { title: t('ops.audit.column.operator'), dataIndex: 'operatorEmail', width: 170 },
    {
      title: t('ops.audit.column.action'),
      dataIndex: 'action',
      width: 150,
      render: (value: OpsAuditAction) => (
        <Tag color={AUDIT_ACTION_COLOR[value] ?? 'default'} data-testid="ops-audit-action">
          {t(`ops.audit.action.${value}`)}
        </Tag>
      ),
    },
    {
      title: t('ops.audit.column.target'),
      dataIndex: 'target',
      width: 220,
      render: (v: string) => (
        <span className="ops-mono" style={{ wordBreak: 'break-all' }}>
          {v}
        </span>
      ),
    },
    {
      title: t('ops.audit.column.change'),
      key: 'change',
      width: 280,
      render: (_, entry) => <Change entry={entry} />,
    },
    { title: t('ops.audit.column.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '-' },
    { title: t('ops.audit.column.ip'), dataIndex: 'ip', width: 120, render: (v: string | null) => v ?? '-' },
  ];

  return (
    <PageContainer title={t('ops.menu.audit')} testId="page-ops-audit">
      <Card>
        <Form
          name="opsAuditFilter"
          layout="inline"
          className="ops-filters"
          onFinish={(values: { action?: OpsAuditAction }) => {
            setAction(values.action);
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
        >
          <Form.Item name="action" label={t('ops.audit.filter.action')}>
            <Select
              allowClear
              placeholder={t('ops.common.all')}
              style={{ width: 220 }}
              options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`ops.audit.action.${value}`) }))}
              data-testid="ops-audit-filter"
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="ops-audit-search">
                {t('ops.common.search')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {log.isError ? (
          <LoadError
            message={log.error.message}
            onRetry={() => void log.refetch()}
            testId="ops-audit-error"
          />
        ) : null}
        <Table
          rowKey="id"
          columns={columns}
          dataSource={log.data?.list ?? []}
          loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
          locale={{ emptyText: log.isPending ? ' ' : <EmptyData textKey="ops.common.noData" /> }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: log.data?.total ?? 0,
            showTotal: (total) => t('ops.common.total', { total }),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          data-testid="ops-audit-table"
        />
      </Card>
    </PageContainer>
  );
}
