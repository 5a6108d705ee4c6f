import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../shared/api/get-runtime-config';

/**
 * A permanent strip under the header of every logged-in page while the server runs on devnet
 * (CHAIN_MODE=devnet): its payments are simulated and its orders are test orders, so nobody
 * takes a devnet balance for money. It cannot be closed; in live mode, or until the server
 * has said which mode it runs, there is none.
 */
export function DevnetBanner() {
  const { t } = useTranslation();
  const { data } = useRuntimeConfig();
  if (data?.chainMode !== 'devnet') return null;
  return (
    <Alert
      banner
      type="warning"
      role="status"
      className="devnet-banner"
      data-testid="devnet-banner"
      title={
        <>
          {/* The label ends with its own punctuation and space (none after a full-width colon). */}
          <strong>{t('common.devnetBanner.label')}</strong>
          {t('common.devnetBanner.text')}
        </>
      }
    />
  );
}
