import { LANGUAGES, type Language } from '@tollgate/contracts/languages';

/** Each language in its own words: a payer finds theirs whatever the page is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
  vi_VN: 'Tiếng Việt',
};

/** A small native select: it fits beside the title at 390 px and works with any keyboard or reader. */
export function LanguageSwitch({
  value,
  label,
  onChange,
}: {
  value: Language;
  label: string;
  onChange: (language: Language) => void;
}) {
  return (
    <select
      className="language-switch"
      aria-label={label}
      data-testid="language-switch"
      value={value}
      onChange={(event) => onChange(event.target.value as Language)}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language.replace('_', '-')}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
