import { SearchOutlined } from '@ant-design/icons';
import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/**
 * System notices (reached from the dashboard's "more"). The title search filters the notice
 * list; the list itself (POST /notice/page) comes in a later issue, so it is empty for now.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  return (
    <PageContainer
      title={t('menu.systemNotice')}
      testId="page-notice"
      extra={
        <Input
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          prefix={<SearchOutlined />}
          placeholder={t('pages.notice.searchPlaceholder')}
          aria-label={t('pages.notice.searchPlaceholder')}
          style={{ width: 260 }}
          data-testid="notice-search"
        />
      }
    >
      <Card>
        <EmptyData theme="large" textKey="pages.notice.empty" />
      </Card>
    </PageContainer>
  );
}
