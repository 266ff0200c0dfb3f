import { FALLBACK_LANGUAGE, isPortalLanguage, PORTAL_LANGUAGES } from '@portal/domain';
import { RadioGroup } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './userLanguage.ts';

/** The portal language (de/en), applied at once and saved with the user (lib/userLanguage.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current =
    PORTAL_LANGUAGES.find((language) => i18n.language.startsWith(language)) ?? FALLBACK_LANGUAGE;
  return (
    <RadioGroup
      label={t('language.label')}
      value={current}
      onValueChange={(value) => {
        if (isPortalLanguage(value)) void chooseLanguage(value);
      }}
      options={PORTAL_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
