import { PlusOutlined } from '@ant-design/icons';
import type { OpsNoticeListItem } from '@tollgate/contracts';
import { App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../app/layout/use-is-phone';
import { formatDate } from '../../../shared/lib/format';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useDeleteNotice, useOpsNotices } from '../api/ops-notices';
import { NoticeFormDrawer } from '../components/notice-form-drawer';

/**
 * System notices in the console (issue 9): every notice, published or scheduled, newest publish
 * time first, searched by title; write one, edit one, delete one (after a confirmation). Each
 * write is audited; merchants see a notice from its publish time on.
 */
const FIRST_PAGE = { pageNo: 1, pageSize: 20 };

export default function OpsNoticesPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { modal, message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(FIRST_PAGE);
  const [editing, setEditing] = useState<'new' | number>();
  const notices = useOpsNotices({ ...page, ...(keyword ? { keyword } : {}) });
  const remove = useDeleteNotice();

  const confirmDelete = (notice: OpsNoticeListItem) => {
    void modal.confirm({
      title: t('ops.notices.deleteTitle'),
      content: t('ops.notices.deleteConfirm', { title: notice.title }),
      okText: t('ops.notices.delete'),
      okButtonProps: { danger: true, 'data-testid': 'notice-delete-confirm' },
      cancelText: t('ops.common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(notice.id);
          void message.success(t('ops.notices.deleted'));
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });
  };

  const columns: ColumnsType<OpsNoticeListItem> = [
    {
      title: t('ops.notices.column.title'),
      dataIndex: 'title',
      render: (title: string, notice) => (
        <span data-testid="ops-notice-title">
          {notice.pinned ? <Tag color="red">{t('ops.notices.pinned')}</Tag> : null}
          {title}
        </span>
      ),
    },
    {
      title: t('ops.notices.column.languages'),
      dataIndex: 'languages',
      render: (languages: OpsNoticeListItem['languages']) => (
        <Space size={[0, 4]} wrap>
          {languages.map((lang) => (
            <Tag key={lang}>{t(`ops.notices.tabs.${lang}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('ops.notices.column.status'),
      dataIndex: 'scheduled',
      render: (scheduled: boolean) => (
        <Tag color={scheduled ? 'warning' : 'success'} data-testid="ops-notice-status">
          {t(scheduled ? 'ops.notices.status.scheduled' : 'ops.notices.status.published')}
        </Tag>
      ),
    },
    {
      title: t('ops.notices.column.publishedAt'),
      dataIndex: 'publishedAt',
      render: (value: string) => formatDate(value),
    },
    { title: t('ops.notices.column.reads'), dataIndex: 'readCount', align: 'right' },
    { title: t('ops.notices.column.author'), dataIndex: 'createdByEmail' },
    {
      title: t('ops.notices.column.actions'),
      key: 'actions',
      render: (_, notice) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(notice.id)}
            data-testid="ops-notice-edit"
          >
            {t('ops.notices.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmDelete(notice)}
            data-testid="ops-notice-delete"
          >
            {t('ops.notices.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      title={t('ops.menu.notices')}
      testId="page-ops-notices"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="ops-notice-new"
        >
          {t('ops.notices.new')}
        </Button>
      }
    >
      <Card>
        <Form
          name="opsNoticeFilter"
          layout="inline"
          className="ops-filters"
          onFinish={({ keyword: value }: { keyword?: string }) => {
            setKeyword(value?.trim() ?? '');
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
        >
          <Form.Item name="keyword">
            <Input
              allowClear
              placeholder={t('ops.notices.keywordPlaceholder')}
              style={{ width: isPhone ? '100%' : 260 }}
              maxLength={100}
              data-testid="ops-notice-keyword"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('ops.common.search')}
            </Button>
          </Form.Item>
        </Form>
        {notices.isError ? (
          <LoadError
            message={notices.error.message}
            onRetry={() => void notices.refetch()}
            testId="ops-notices-error"
          />
        ) : null}
        <Table
          rowKey="id"
          columns={columns}
          dataSource={notices.data?.list ?? []}
          loading={notices.isPending || (notices.isFetching && notices.isPlaceholderData)}
          scroll={notices.data?.list.length ? { x: 1000 } : undefined}
          locale={{ emptyText: notices.isPending ? ' ' : <EmptyData textKey="ops.common.noData" /> }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: notices.data?.total ?? 0,
            showTotal: (total) => t('ops.common.total', { total }),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          data-testid="ops-notices-table"
        />
      </Card>
      <NoticeFormDrawer editing={editing} isPhone={isPhone} onClose={() => setEditing(undefined)} />
    </PageContainer>
  );
}
