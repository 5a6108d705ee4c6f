import type { Country, Language } from '@tollgate/contracts';
import { Button, Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryList } from '../api/get-country-list';

/**
 * The dial-code select: searchable by country name, ISO code or digits. Its value is the
 * country's ISO code (several countries share "+1"), turned into the dial code on submit with
 * `findDialCode`. Loading, failure (a red select whose list offers a retry; opening it
 * retries too) and an empty list each have their state.
 */
export interface CountryCodeSelectProps {
  value?: string;
  onChange?: (iso: string) => void;
  id?: string;
  size?: 'middle' | 'large';
  /** Show only "+86" once chosen (beside a phone input); the list always shows the names. */
  isCompact?: boolean;
  style?: CSSProperties;
  testId?: string;
}

/** The country a language most likely dials from, to preselect on the phone tab. */
export const LANGUAGE_COUNTRY: Record<Language, string> = {
  zh_CN: 'CN',
  zh_TW: 'TW',
  en_US: 'US',
  vi_VN: 'VN',
};

export function findDialCode(countries: Country[] | undefined, iso: string | undefined): string | undefined {
  return countries?.find((country) => country.iso === iso)?.countryCode;
}

/** The ISO code to show for a stored dial code: the preferred country if it has that code, else the first. */
export function findIso(
  countries: Country[] | undefined,
  dialCode: string | null | undefined,
  preferredIso?: string,
) {
  if (!countries || !dialCode) return undefined;
  const matches = countries.filter((country) => country.countryCode === dialCode);
  return (matches.find((country) => country.iso === preferredIso) ?? matches[0])?.iso;
}

export function CountryCodeSelect({
  value,
  onChange,
  id,
  size,
  isCompact,
  style,
  testId,
}: CountryCodeSelectProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = useCountryList();
  const failed = (
    <div style={{ padding: 8, textAlign: 'center' }} data-testid={testId ? `${testId}-error` : undefined}>
      <div style={{ marginBottom: 8 }}>{t('common.country.loadFailed')}</div>
      <Button size="small" onClick={() => void refetch()} loading={isFetching}>
        {t('common.retry')}
      </Button>
    </div>
  );
  const options = (data ?? []).map((country) => ({
    value: country.iso,
    label: `${country.name} +${country.countryCode}`,
    short: `+${country.countryCode}`,
    searchText: `${country.name} ${country.iso} +${country.countryCode}`.toLowerCase(),
  }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={isPending || isFetching}
      status={isError ? 'error' : undefined}
      onOpenChange={(open) => {
        if (open && isError && !isFetching) void refetch();
      }}
      size={size}
      style={style}
      showSearch={{
        filterOption: (input, option) => Boolean(option?.searchText.includes(input.trim().toLowerCase())),
      }}
      placeholder={isError ? t('common.country.failedShort') : t('common.country.placeholder')}
      notFoundContent={isError ? failed : isPending ? t('common.loading') : t('common.country.notFound')}
      labelRender={({ value: iso, label }) =>
        isCompact ? (options.find((option) => option.value === iso)?.short ?? label) : label
      }
      popupMatchSelectWidth={280}
      aria-label={t('common.country.label')}
      data-testid={testId}
    />
  );
}
