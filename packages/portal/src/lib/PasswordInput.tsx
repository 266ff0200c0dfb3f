import { PasswordField, type PasswordFieldProps } from '@portal/ui';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** @portal/ui's PasswordField with the portal's names for its show/hide button, for every password form. */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<PasswordFieldProps, 'showPasswordLabel' | 'hidePasswordLabel'>
>(function PasswordInput(props, ref) {
  const { t } = useTranslation('common');
  return (
    <PasswordField
      ref={ref}
      showPasswordLabel={t('passwordVisibility.show')}
      hidePasswordLabel={t('passwordVisibility.hide')}
      {...props}
    />
  );
});
