import type { DeliveryErrorCode } from '@tollgate/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A callback attempt's failure: what kind it was in the reader's language, then the server's
 * technical detail as it was recorded (connection errors, the HTTP status, the refused address).
 */
export function DeliveryError({ code, detail }: { code: DeliveryErrorCode | null; detail: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid="delivery-error">
      {code ? <div>{t(`common.deliveryError.${code}`)}</div> : null}
      <Typography.Text type="secondary" code>
        {detail}
      </Typography.Text>
    </span>
  );
}
