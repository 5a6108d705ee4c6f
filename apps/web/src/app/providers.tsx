import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { i18n as I18nInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

/**
 * Everything the routes rely on: query cache, translations, antd locale and theme. antd's App
 * (message, modal, notification) wraps only the logged-in shell: see shell-frame.tsx.
 */
export const THEME = {
  // Production builds take antd's component CSS from stylesheets written at build time
  // (build-plugins/antd-static-styles.ts) instead of writing it at run time; class names are
  // not hashed, as in those stylesheets. Development and tests keep antd's run-time styles.
  zeroRuntime: import.meta.env.PROD,
  hashed: false,
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    // antd's secondary text (0.45 black: #8c8c8c on white, 3.4:1) and links (#1677ff, 4.1:1)
    // fall short of WCAG AA's 4.5:1 for body text; these reach 5.7:1 and 6.2:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorLink: '#0958d9',
    colorLinkHover: '#1668dc',
    colorLinkActive: '#003eb3',
    // Danger buttons and form errors write in it on white: #ff4d4f is 3.3:1, this 5.9:1.
    colorError: '#cf1322',
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fa' },
    // Status tags write their text in the status colour on its pale background; antd's
    // (#52c41a on #f6ffed is 2.2:1) are too light for 11-14 px text. These reach 5.2:1 or more.
    Tag: { colorSuccess: '#237804', colorInfo: '#0958d9', colorWarning: '#ad4e00', colorError: '#a8071a' },
  },
};

/**
 * antd puts a space between the two characters of a two-character Chinese button ("重 置");
 * our labels are written as they should read ("重置"), in every language (issue 31).
 */
export const BUTTON_CONFIG = { autoInsertSpace: false } as const;

export interface ProvidersProps {
  queryClient: QueryClient;
  i18n: I18nInstance;
  /** antd's locale, from the language bundle main.tsx loaded. */
  antdLocale: Locale;
  children: ReactNode;
}

export function Providers({ queryClient, i18n, antdLocale, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocale} theme={THEME} button={BUTTON_CONFIG}>
          {children}
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
