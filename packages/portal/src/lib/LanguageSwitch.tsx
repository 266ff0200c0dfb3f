import { RadioGroup } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from './i18n.ts';

/** The portal language (de/en), applied at once and kept in this browser across logouts. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => i18n.language.startsWith(language)) ?? 'de';
  return (
    <RadioGroup
      label={t('language.label')}
      value={current}
      onValueChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
