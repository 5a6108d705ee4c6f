import { Alert, Drawer, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { LoadError } from '../../../shared/ui/load-error';
import { useNoticeDetail } from '../api/get-notice-detail';
import { NoticeBody } from './notice-body';

/** One notice in a drawer (full width on a phone): title, time, pin, body. Opening it marks it read. */
export interface NoticeDrawerProps {
  id: number | undefined;
  isPhone: boolean;
  onClose: () => void;
}

export function NoticeDrawer({ id, isPhone, onClose }: NoticeDrawerProps) {
  const { t, i18n } = useTranslation();
  // While the drawer closes it keeps showing the notice it had, not a loading block.
  const [shownId, setShownId] = useState(id);
  if (id !== undefined && id !== shownId) setShownId(id);
  const detail = useNoticeDetail(id ?? shownId);
  const notice = detail.data;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={isPhone ? '100%' : 720}
      title={t('pages.notice.detailTitle')}
      destroyOnHidden
      data-testid="notice-drawer"
    >
      {detail.isError ? (
        <LoadError
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          testId="notice-detail-error"
        />
      ) : !notice ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <article>
          <Typography.Title level={2} style={{ marginTop: 0 }} data-testid="notice-detail-title">
            {notice.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {notice.pinned ? <Tag color="red">{t('pages.notice.pinned')}</Tag> : null}
            {t('pages.notice.publishedAt', { time: formatDate(notice.publishedAt) })}
          </Typography.Paragraph>
          {notice.lang !== i18n.language ? (
            <Alert type="info" showIcon title={t('pages.notice.fallbackLang')} style={{ marginBottom: 16 }} />
          ) : null}
          <NoticeBody sanitizedHtml={notice.body} />
        </article>
      )}
    </Drawer>
  );
}
