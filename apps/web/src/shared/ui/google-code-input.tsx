import { Input } from 'antd';
import type { OTPProps } from 'antd/es/input/OTP';

/**
 * The Google Authenticator code, the same in every form that asks for one (login step, bind,
 * unbind, application secret, withdrawal, batch, whitelist): six boxes, digits only, offered
 * the one-time code a phone's keyboard suggests. A Form.Item's value is the code as one string.
 */
export type GoogleCodeInputProps = Omit<OTPProps, 'length' | 'formatter' | 'mask'> & {
  'data-testid'?: string;
};

const digitsOnly = (text: string) => text.replace(/\D/g, '');

export function GoogleCodeInput(props: GoogleCodeInputProps) {
  return (
    <Input.OTP
      length={6}
      formatter={digitsOnly}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...props}
    />
  );
}
