import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A query that failed: its message, and a retry that refetches it. */
export interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
  testId?: string;
}

export function LoadError({ message, onRetry, isRetrying, testId }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        <Button size="small" onClick={onRetry} loading={isRetrying}>
          {t('common.retry')}
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
