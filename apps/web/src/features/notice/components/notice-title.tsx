import type { NoticeListItem } from '@tollgate/contracts';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A notice's title in a list: pinned tag, an unread dot and a bolder title until opened. */
export function NoticeTitle({ notice }: { notice: NoticeListItem }) {
  const { t } = useTranslation();
  return (
    <span className="notice-list-item__title">
      {notice.pinned ? (
        <Tag color="red" data-testid="notice-pinned">
          {t('pages.notice.pinned')}
        </Tag>
      ) : null}
      {notice.read ? null : (
        <Badge
          status="processing"
          title={t('pages.notice.unread')}
          data-testid="notice-unread"
          style={{ marginInlineEnd: 6 }}
        />
      )}
      {notice.title}
    </span>
  );
}
