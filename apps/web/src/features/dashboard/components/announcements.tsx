import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/format';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { useNoticePage } from '../../notice/api/get-notice-page';
import { NoticeTitle } from '../../notice/components/notice-title';
import '../../notice/notice.css';

/**
 * The dashboard's system announcements (SPEC "Dashboard"): the latest 5 published notices
 * (pinned first), unread ones marked; each opens on the notice page, and "more" leads there.
 */
export const LATEST_NOTICES = 5;

export function Announcements() {
  const { t } = useTranslation();
  const notices = useNoticePage({ pageNo: 1, pageSize: LATEST_NOTICES });
  return (
    <Card
      title={t('dashboard.announcements.title')}
      extra={
        <Link to="/dashboard/notice" data-testid="announcements-more">
          {t('dashboard.announcements.more')}
        </Link>
      }
      data-testid="announcements"
    >
      {notices.isError ? (
        <LoadError
          message={notices.error.message}
          onRetry={() => void notices.refetch()}
          testId="announcements-error"
        />
      ) : (
        <List
          size="small"
          loading={notices.isPending}
          dataSource={notices.data?.list ?? []}
          locale={{
            emptyText: notices.isPending ? (
              ' '
            ) : (
              <EmptyData theme="small" textKey="pages.notice.latestEmpty" />
            ),
          }}
          renderItem={(notice) => (
            <List.Item
              key={notice.id}
              data-testid="announcement-item"
              extra={
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(notice.publishedAt, 'MM/DD')}
                </Typography.Text>
              }
            >
              <Link
                to={`/dashboard/notice?id=${notice.id}`}
                className={`notice-list-item${notice.read ? '' : ' notice-list-item--unread'}`}
                style={{
                  color: 'inherit',
                  minWidth: 0,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                <NoticeTitle notice={notice} />
              </Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
