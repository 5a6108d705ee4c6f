import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@tollgate/contracts';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { i18n as I18nInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ANTD_LOCALES } from './ui-locale';

/** Everything the routes rely on: query cache, translations, antd locale and theme. */
export const THEME = {
  token: { colorPrimary: '#1668dc', borderRadius: 6 },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fa' } },
};

export interface ProvidersProps {
  queryClient: QueryClient;
  i18n: I18nInstance;
  language: Language;
  children: ReactNode;
}

export function Providers({ queryClient, i18n, language, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES[language]} theme={THEME}>
          <AntdApp>{children}</AntdApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
