import { LockOutlined, PhoneOutlined } from '@ant-design/icons';
import { resolveLanguage } from '@tollgate/contracts/languages';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryList } from '../../../shared/api/get-country-list';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { COUNTRY_RULE, RULES } from '../../../shared/lib/form-rules';
import { CountryCodeSelect, findDialCode, LANGUAGE_COUNTRY } from '../../../shared/ui/country-code-select';
import { FormError } from '../../../shared/ui/form-error';
import { useLogin } from '../api/login';
import type { LoginFormProps } from './email-login-form';

/**
 * Phone login: the dial code (preselected from the interface language when listed), the
 * national number and the password. Phone numbers are set on the merchant info page; codes
 * are mailed, so code login is on the email tab only.
 */
interface Values {
  countryIso?: string;
  phone: string;
  password: string;
}

export function PhoneLoginForm({ onOutcome }: Omit<LoginFormProps, 'initialEmail'>) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const login = useLogin();
  const countries = useCountryList();

  useEffect(() => {
    const preferred = LANGUAGE_COUNTRY[resolveLanguage(i18n.language)];
    const isListed = countries.data?.some((country) => country.iso === preferred);
    if (isListed && !form.getFieldValue('countryIso')) form.setFieldValue('countryIso', preferred);
  }, [countries.data, form, i18n.language]);

  const submit = (values: Values) => {
    setError(undefined);
    const countryCode = findDialCode(countries.data, values.countryIso) ?? '';
    const credentials = { countryCode, phone: values.phone, password: values.password };
    login.mutate(credentials, {
      onSuccess: (outcome) => onOutcome(outcome, credentials),
      onError: (failure) => setError(applyServerErrors(form, failure)),
    });
  };

  return (
    <Form
      name="phoneLogin"
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => setError(undefined)}
      data-testid="phone-login-form"
    >
      <Form.Item label={t('common.field.phone')} required>
        <Flex gap={8}>
          <Form.Item name="countryIso" rules={[COUNTRY_RULE]} noStyle>
            <CountryCodeSelect
              size="large"
              isCompact
              style={{ width: 110, flexShrink: 0 }}
              testId="login-country"
            />
          </Form.Item>
          <Form.Item name="phone" rules={[RULES.phone]} noStyle>
            <Input
              prefix={<PhoneOutlined />}
              placeholder={t('common.field.phonePlaceholder')}
              autoComplete="tel-national"
              inputMode="tel"
              size="large"
              style={{ flex: 1 }}
              data-testid="login-phone"
            />
          </Form.Item>
        </Flex>
      </Form.Item>
      <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('common.field.passwordPlaceholder')}
          autoComplete="current-password"
          size="large"
          data-testid="login-phone-password"
        />
      </Form.Item>
      <FormError message={error} testId="phone-login-error" />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={login.isPending}
        data-testid="phone-login-submit"
      >
        {t('login.submit')}
      </Button>
    </Form>
  );
}
