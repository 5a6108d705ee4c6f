import { Alert } from 'antd';

/** A call's error shown where the user acted (above the form's button); nothing when there is none. */
export function FormError({ message, testId }: { message?: string | undefined; testId?: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid={testId} />;
}
