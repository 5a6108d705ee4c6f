import { fireEvent, screen } from '@testing-library/react';

/**
 * Types a Google code into the app's code input (shared/ui/google-code-input: antd's OTP, six
 * boxes): the whole code into its first box, which antd spreads over the six. `target` is the
 * input's test id or the element itself.
 */
export function typeGoogleCode(target: string | HTMLElement, code: string) {
  const group = typeof target === 'string' ? screen.getByTestId(target) : target;
  const first = group.querySelector('input');
  if (!first) throw new Error(`${group.dataset.testid ?? 'the code input'} has no input`);
  fireEvent.input(first, { target: { value: code } });
}
