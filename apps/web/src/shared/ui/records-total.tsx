import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The total of a record list beside its pager (docs/decisions/2026-11-26-records-at-scale.md):
 * the server counts no further than its window (10,000 rows), and the pages reach no further.
 * Below it, the list's own words ("12 orders"); at it, "10,000+" and that only the first
 * 10,000 can be paged through, so narrowing the filters is the way on.
 */
export function RecordsTotal({
  count,
  capped,
  textKey,
}: {
  count: number;
  capped: boolean | undefined;
  /** The list's own total text, with {{count}}. */
  textKey: 'collection.records.total' | 'fundFlow.total';
}) {
  const { t, i18n } = useTranslation();
  if (!capped) return <>{t(textKey, { count })}</>;
  const shown = count.toLocaleString(i18n.language.replace('_', '-'));
  return (
    <Typography.Text type="warning" className="records-total-capped" data-testid="records-total-capped">
      {t('common.records.capped', { n: shown })}
    </Typography.Text>
  );
}
