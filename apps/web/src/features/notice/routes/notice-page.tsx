import { Button, Card, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/lib/format';
import { useIsPhone } from '../../../shared/lib/use-is-phone';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useNoticePage } from '../api/get-notice-page';
import { useReadAllNotices } from '../api/read-all-notices';
import { NoticeDrawer } from '../components/notice-drawer';
import { NoticeTitle } from '../components/notice-title';
import '../notice.css';

/**
 * System notices (SPEC /dashboard/notice, reached from the dashboard's "more"): the published
 * notices, pinned first then newest, unread ones marked; the search box searches titles and
 * bodies; a notice opens in a drawer (and is then read). `?id=` opens one directly, which is
 * how the dashboard's card and the header link to a notice.
 */
const PAGE_SIZE = 10;

export default function NoticePage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const notices = useNoticePage({ pageNo, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) });
  const readAll = useReadAllNotices();
  const openId = Number(params.get('id')) || undefined;
  const open = (id: number | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete('id');
      else next.set('id', String(id));
      return next;
    });
  const search = (value: string) => {
    setKeyword(value.trim());
    setPageNo(1);
  };
  const hasUnread = notices.data?.list.some((notice) => !notice.read) ?? false;

  return (
    <PageContainer title={t('menu.systemNotice')} testId="page-notice">
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
          <Input.Search
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (!event.target.value) search('');
            }}
            onSearch={search}
            allowClear
            enterButton={t('pages.notice.search')}
            placeholder={t('pages.notice.searchPlaceholder')}
            maxLength={100}
            style={{ width: isPhone ? '100%' : 360 }}
            data-testid="notice-search"
          />
          <Button
            onClick={() => readAll.mutate()}
            loading={readAll.isPending}
            disabled={!hasUnread}
            data-testid="notice-read-all"
          >
            {t('pages.notice.readAll')}
          </Button>
        </Space>
        {notices.isError ? (
          <LoadError
            message={notices.error.message}
            onRetry={() => void notices.refetch()}
            testId="notice-list-error"
          />
        ) : null}
        <List
          loading={notices.isPending || (notices.isFetching && notices.isPlaceholderData)}
          dataSource={notices.data?.list ?? []}
          locale={{
            emptyText: notices.isPending ? (
              ' '
            ) : (
              <EmptyData textKey={keyword ? 'pages.notice.noMatch' : 'pages.notice.empty'} />
            ),
          }}
          pagination={
            (notices.data?.total ?? 0) > PAGE_SIZE
              ? {
                  current: pageNo,
                  pageSize: PAGE_SIZE,
                  total: notices.data?.total ?? 0,
                  showTotal: (total) => t('pages.notice.total', { total }),
                  onChange: setPageNo,
                  showSizeChanger: false,
                  size: isPhone ? 'small' : 'middle',
                }
              : false
          }
          renderItem={(notice) => (
            <List.Item
              className={`notice-list-item${notice.read ? '' : ' notice-list-item--unread'}`}
              onClick={() => open(notice.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open(notice.id);
                }
              }}
              tabIndex={0}
              role="button"
              data-testid="notice-item"
              data-notice-id={notice.id}
              extra={
                isPhone ? null : (
                  <Typography.Text type="secondary">{formatDate(notice.publishedAt)}</Typography.Text>
                )
              }
            >
              <List.Item.Meta
                title={<NoticeTitle notice={notice} />}
                description={
                  <>
                    <span className="notice-list-item__summary">{notice.summary}</span>
                    {isPhone ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {formatDate(notice.publishedAt)}
                      </Typography.Text>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
          data-testid="notice-list"
        />
      </Card>
      <NoticeDrawer id={openId} isPhone={isPhone} onClose={() => open(undefined)} />
    </PageContainer>
  );
}
