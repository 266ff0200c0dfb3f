import { ConfirmDialog, type ConfirmDialogProps } from '@portal/ui';
import { useTranslation } from '../../lib/pageTranslation.ts';

type DeviceConfirmDialogProps = Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'cancelLabel'> & {
  /** Called when the question is closed unanswered; the caller then stops asking (and unmounts the dialog). */
  onCancel: () => void;
};

/**
 * The question before a headset action (one headset's command, a bulk command, pairing and removal). It is shown
 * while the caller renders it, so each caller keeps a single 'what is being asked' state, and every question of the
 * fleet pages is cancelled with the same word.
 */
export function DeviceConfirmDialog({ onCancel, ...props }: DeviceConfirmDialogProps) {
  const { t } = useTranslation('devices');
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      cancelLabel={t('confirm.cancel')}
      {...props}
    />
  );
}
