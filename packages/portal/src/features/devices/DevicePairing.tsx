import type { Device, DeviceEnrolment } from '@portal/api';
import { Alert, Box, Button, Inline, Text } from '@portal/ui';
import { useState } from 'react';
import { HelpFixLink } from '../../lib/HelpFixLink.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';
import { useDeviceAdministration } from './deviceQueries.ts';
import { EnrolmentCode } from './EnrolDialog.tsx';

/**
 * An unpaired headset's page begins with its pairing: it takes no command before a code is entered on it, so pairing is
 * all there is to do. Administrators create the code here and see it at once (the server keeps only its hash, so a
 * code is shown once); others learn who creates it.
 */
export function DevicePairing({ device, administers }: { device: Device; administers: boolean }) {
  const { t } = useTranslation('devices');
  const [code, setCode] = useState<DeviceEnrolment | null>(null);
  const create = useDeviceAdministration(device.id, {
    onSuccess(enrolment) {
      if (enrolment) setCode(enrolment);
    },
    onError(error) {
      showFailure(error, 'device renew', { 403: 'auth:toasts.restricted.description' });
    },
  });
  return (
    <TitledSection id="device-pairing" title={t('pairing.title')} gap="medium">
      <Alert tone="info">
        {t('detail.unpaired')} <HelpFixLink fix="unpaired" />
      </Alert>
      {administers ? (
        <>
          <Box aria-live="polite">{code && <EnrolmentCode enrolment={code} inDialog={false} />}</Box>
          <Text tone="muted">{t('pairing.createHint')}</Text>
          <Inline>
            {/* The page's one orange call to action while the headset is unpaired. */}
            <Button loading={create.isPending} onClick={() => create.mutate('renew')}>
              {code ? t('pairing.createAgain') : t('pairing.create')}
            </Button>
          </Inline>
        </>
      ) : (
        <Text>{t('pairing.askAdministrator')}</Text>
      )}
    </TitledSection>
  );
}
