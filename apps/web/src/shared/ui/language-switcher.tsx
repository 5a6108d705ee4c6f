import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, resolveLanguage } from '@tollgate/contracts/languages';
import { Button, Popover } from 'antd';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../lib/language';

/**
 * The four interface languages, each in its own name; choosing one stores it and reloads.
 * The button is named by what it shows (the current language, marked with its own `lang`), as
 * speech control users say what they see; "Language" is its description. In the shell's
 * header on a phone only the globe shows, and the name stays for screen readers (styles.css).
 *
 * The list is a disclosure: a Popover of four buttons, not antd's Dropdown, whose Menu would
 * add about 20 KiB of gzipped JS to the login page (issue 6, point 13). Enter, Space or a click
 * opens it with the focus on the current language; Escape closes it and gives the focus back.
 */
const toHtmlLang = (language: Language) => language.replace('_', '-');

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.language);
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setIsOpen(false);
    triggerRef.current?.focus();
  };

  const list = (
    <ul id={listId} style={{ listStyle: 'none', margin: 0, padding: 0 }} onKeyDown={closeOnEscape}>
      {LANGUAGES.map((language) => (
        <li key={language}>
          <Button
            type="text"
            block
            color={language === current ? 'primary' : 'default'}
            variant="text"
            aria-current={language === current ? 'true' : undefined}
            autoFocus={language === current}
            style={{ justifyContent: 'flex-start' }}
            onClick={() => (language === current ? setIsOpen(false) : switchLanguage(language))}
          >
            <span lang={toHtmlLang(language)} data-testid={`language-option-${language}`}>
              {t(`common.languages.${language}`)}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );

  return (
    <Popover
      content={list}
      trigger="click"
      open={isOpen}
      onOpenChange={setIsOpen}
      placement="bottomRight"
      arrow={false}
    >
      <Button
        ref={triggerRef}
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        title={t('common.language')}
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        className="language-switcher"
        data-testid="language-switcher"
      >
        <span lang={toHtmlLang(current)} className="language-switcher__name">
          {t(`common.languages.${current}`)}
        </span>
      </Button>
    </Popover>
  );
}
