import { Alert } from 'antd';

/**
 * What a form's action just did (a code was mailed), shown where the user acted, beside
 * FormError; nothing when there is nothing to say. Announced politely (role status). The login
 * page uses it instead of antd's message toasts, which need antd's App (see app/shell-frame.tsx).
 */
export function FormNotice({ message, testId }: { message?: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={message}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
