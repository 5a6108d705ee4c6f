import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadNoticeCount } from '../../features/notice/api/get-unread-count';

/** The header's bell: the count of unread system notices, a click away from the notice page. */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadNoticeCount().data?.unread ?? 0;
  const label =
    unread > 0
      ? `${t('pages.notice.bell')}: ${t('pages.notice.unreadBadge', { count: unread })}`
      : t('pages.notice.bell');
  return (
    <Badge count={unread} size="small" offset={[-4, 4]} data-testid="notice-badge">
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label={label}
        title={label}
        onClick={() => void navigate('/dashboard/notice')}
        data-testid="notice-bell"
      />
    </Badge>
  );
}
