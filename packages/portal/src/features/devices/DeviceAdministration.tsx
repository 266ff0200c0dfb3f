import type { Device, DeviceEnrolment } from '@portal/api';
import { Button, Dialog, Inline, Text } from '@portal/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';
import { toasts } from '../../lib/toasts.ts';
import { DeviceConfirmDialog } from './DeviceConfirmDialog.tsx';
import { type DeviceAdministrationAction as Action, useDeviceAdministration } from './deviceQueries.ts';
import { EnrolmentCode } from './EnrolDialog.tsx';

/**
 * Administrators of the headset's organisation (the server's rule): a new pairing code (the old code and pairing end),
 * unpairing (a lost headset), removing it with its history. Each is asked first, naming the headset.
 */
export function DeviceAdministration({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Action | null>(null);
  const [code, setCode] = useState<DeviceEnrolment | null>(null);
  const run = useDeviceAdministration(device.id, {
    async onSuccess(enrolment, action) {
      setAsking(null);
      if (enrolment) setCode(enrolment);
      const named = { descriptionValues: { name: device.name } };
      if (action === 'unpair') {
        toasts.show({
          tone: 'success',
          title: 'devices:admin.unpairedTitle',
          description: 'devices:admin.unpaired',
          ...named,
        });
      }
      if (action === 'remove') {
        toasts.show({
          tone: 'success',
          title: 'devices:admin.removedTitle',
          description: 'devices:admin.removed',
          ...named,
        });
        await navigate('/dashboard/devices');
      }
    },
    onError(error, action) {
      setAsking(null);
      showFailure(error, `device ${action}`, { 403: 'auth:toasts.restricted.description' });
    },
  });
  const confirmKey = { renew: 'renewConfirm', unpair: 'unpairConfirm', remove: 'removeConfirm' } as const;
  return (
    <>
      <TitledSection id="device-administration" title={t('admin.title')} gap="medium">
        <Text tone="muted">{t('admin.description')}</Text>
        <Inline gap="small" wrap>
          {/* Unpaired, a new code is the pairing section's business, at the top of the page (DevicePairing.tsx). */}
          {device.isEnrolled && (
            <Button variant="secondary" onClick={() => setAsking('renew')}>
              {t('admin.renew')}
            </Button>
          )}
          {device.isEnrolled && (
            <Button variant="ghost" onClick={() => setAsking('unpair')}>
              {t('admin.unpair')}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setAsking('remove')}>
            {t('admin.remove')}
          </Button>
        </Inline>
      </TitledSection>
      {asking && (
        <DeviceConfirmDialog
          onCancel={() => setAsking(null)}
          tone={asking === 'renew' ? 'neutral' : 'destructive'}
          title={t(`admin.${confirmKey[asking]}.title`, { name: device.name })}
          description={t(`admin.${confirmKey[asking]}.description`)}
          confirmLabel={t(`admin.${confirmKey[asking]}.confirm`)}
          confirming={run.isPending}
          confirmingLabel={t('admin.working')}
          onConfirm={() => run.mutate(asking)}
        />
      )}
      <Dialog.Root open={code !== null} onOpenChange={(open) => (open ? undefined : setCode(null))}>
        {code && (
          <Dialog.Content>
            <Dialog.Title>{t('enrol.codeTitle', { name: code.device.name })}</Dialog.Title>
            <Dialog.Description>{t('enrol.codeHelpShort')}</Dialog.Description>
            <EnrolmentCode enrolment={code} />
          </Dialog.Content>
        )}
      </Dialog.Root>
    </>
  );
}
