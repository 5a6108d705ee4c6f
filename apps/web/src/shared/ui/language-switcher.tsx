import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, resolveLanguage } from '@tollgate/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../lib/language';

/** The four interface languages, each in its own name; choosing one stores it and reloads. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.language);
  const items = LANGUAGES.map((language: Language) => ({
    key: language,
    label: <span data-testid={`language-option-${language}`}>{t(`common.languages.${language}`)}</span>,
  }));
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          if (key !== current) switchLanguage(resolveLanguage(key));
        },
      }}
      trigger={['click']}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common.language')}
        data-testid="language-switcher"
      >
        {t(`common.languages.${current}`)}
      </Button>
    </Dropdown>
  );
}
