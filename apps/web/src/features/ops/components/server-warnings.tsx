import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpsServerWarnings } from '../api/ops-server-warnings';

/**
 * The console home's red lines: each server setting that weakens a safety rule
 * (ALLOW_PRIVATE_CALLBACKS=1), for as long as the server says it is set. Nothing otherwise, and
 * nothing while the call is pending or failed (the page's own errors say what is wrong).
 */
export function ServerWarnings() {
  const { t } = useTranslation();
  const { data } = useOpsServerWarnings();
  if (!data?.warnings.length) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="ops-server-warnings">
      {data.warnings.map((warning) => (
        <Alert
          key={warning}
          type="error"
          showIcon
          title={t(`ops.serverWarnings.${warning}`)}
          data-testid={`ops-server-warning-${warning}`}
        />
      ))}
    </Flex>
  );
}
