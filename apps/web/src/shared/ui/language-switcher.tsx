import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, resolveLanguage } from '@tollgate/contracts/languages';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../lib/language';

/**
 * The four interface languages, each in its own name; choosing one stores it and reloads.
 * The button is named by what it shows (the current language, marked with its own `lang`), as
 * speech control users say what they see; "Language" is its description. In the shell's
 * header on a phone only the globe shows, and the name stays for screen readers (styles.css).
 */
const toHtmlLang = (language: Language) => language.replace('_', '-');

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.language);
  const items = LANGUAGES.map((language: Language) => ({
    key: language,
    label: (
      <span lang={toHtmlLang(language)} data-testid={`language-option-${language}`}>
        {t(`common.languages.${language}`)}
      </span>
    ),
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
        icon={<GlobalOutlined aria-hidden />}
        title={t('common.language')}
        className="language-switcher"
        data-testid="language-switcher"
      >
        <span lang={toHtmlLang(current)} className="language-switcher__name">
          {t(`common.languages.${current}`)}
        </span>
      </Button>
    </Dropdown>
  );
}
