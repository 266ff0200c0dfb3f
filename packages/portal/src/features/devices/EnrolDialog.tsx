import type { DeviceEnrolment, Organisation } from '@portal/api';
import { hasVisibleCharacter } from '@portal/domain';
import { Alert, Button, Dialog, KeyValueList, Select, Stack, Text, TextField } from '@portal/ui';
import { useState } from 'react';
import { useDeviceTypes } from '../../lib/deviceTypes.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { fieldRefusal, refusalDetail, ServerRefusal, serverFieldMessage } from '../../lib/serverErrors.ts';
import { useEnrolDevice } from './deviceQueries.ts';
import { dateTimeText } from './deviceText.ts';

/** The contract's rules of DeviceEnrolRequest, checked before the call so the teacher learns them at once. */
const SERIAL_PATTERN = /^[A-Za-z0-9._-]+$/;
const SERIAL_MAX = 64;
const NAME_MAX = 100;

type EnrolError =
  | 'enrol.errors.serialRequired'
  | 'enrol.errors.serialFormat'
  | 'enrol.errors.modelRequired'
  | 'enrol.errors.serialTooLong'
  | 'enrol.errors.nameTooLong'
  | 'enrol.errors.nameInvisible';

/** The form's own findings; the server still decides (a taken serial number, an unknown model). */
export function enrolFormErrors(values: { serialNumber: string; deviceTypeId: string; name: string }) {
  const serial = values.serialNumber.trim();
  const serialError: EnrolError | undefined =
    serial === ''
      ? 'enrol.errors.serialRequired'
      : serial.length > SERIAL_MAX
        ? 'enrol.errors.serialTooLong'
        : SERIAL_PATTERN.test(serial)
          ? undefined
          : 'enrol.errors.serialFormat';
  return {
    serialNumber: serialError,
    deviceTypeId: values.deviceTypeId === '' ? ('enrol.errors.modelRequired' as const) : undefined,
    name: nameError(values.name.trim()),
  };
}

/** The name may be left empty (the server then gives the next code name), but a name must show. */
function nameError(name: string): EnrolError | undefined {
  if (name !== '' && !hasVisibleCharacter(name)) return 'enrol.errors.nameInvisible';
  return name.length > NAME_MAX ? 'enrol.errors.nameTooLong' : undefined;
}

function EnrolForm({
  organisations,
  onEnrolled,
}: {
  organisations: readonly Organisation[];
  onEnrolled: (enrolment: DeviceEnrolment) => void;
}) {
  const { t } = useTranslation('devices');
  const deviceTypes = useDeviceTypes();
  const form = useFormState(
    { serialNumber: '', deviceTypeId: '', name: '', organisationId: String(organisations[0]?.id ?? '') },
    (key: EnrolError) => t(key, { max: key === 'enrol.errors.nameTooLong' ? NAME_MAX : SERIAL_MAX }),
  );
  const enrol = useEnrolDevice({
    onSuccess: onEnrolled,
    onError(error) {
      const refusal = fieldRefusal(error);
      // Any other failure is said in the dialog (below): a toast would wait until it closes (@portal/ui Toaster).
      if (!refusal) {
        if (!(error instanceof ServerRefusal)) reportError(error, { during: 'enrolDevice' });
        return;
      }
      form.setServerErrors({
        serialNumber: serverFieldMessage(refusal.body, 'serialNumber', 'devices:enrol.errors.serialTaken'),
        deviceTypeId: serverFieldMessage(refusal.body, 'deviceTypeId'),
        name: serverFieldMessage(refusal.body, 'name'),
        organisationId: serverFieldMessage(refusal.body, 'organisationId'),
      });
    },
  });
  const onSubmit = onSubmitted(() => {
    if (enrol.isPending || !form.check(enrolFormErrors(form.values))) return;
    const name = form.values.name.trim();
    enrol.mutate({
      serialNumber: form.values.serialNumber.trim(),
      deviceTypeId: Number(form.values.deviceTypeId),
      organisationId: Number(form.values.organisationId),
      ...(name !== '' ? { name } : {}),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="medium">
        <TextField
          label={t('enrol.serialNumber')}
          hint={t('enrol.serialNumberHint')}
          autoComplete="off"
          maxLength={SERIAL_MAX}
          {...form.field('serialNumber')}
        />
        <Select
          label={t('enrol.model')}
          placeholder={t('enrol.modelPlaceholder')}
          options={deviceTypes.map((type) => ({ value: String(type.id), label: type.name }))}
          {...form.field('deviceTypeId')}
        />
        <TextField
          label={t('enrol.name')}
          hint={t('enrol.nameHint')}
          maxLength={NAME_MAX}
          dir="auto"
          {...form.field('name')}
        />
        {organisations.length > 1 && (
          <Select
            label={t('enrol.organisation')}
            options={organisations.map((organisation) => ({
              value: String(organisation.id),
              label: organisation.name,
            }))}
            {...form.field('organisationId')}
          />
        )}
        {enrol.isError && !fieldRefusal(enrol.error) && (
          <Alert tone="critical" announce="assertive">
            {refusalDetail(enrol.error) ?? t('enrol.failed')}
          </Alert>
        )}
        <Dialog.Actions>
          <Dialog.Close asChild>
            <Button variant="ghost">{t('enrol.cancel')}</Button>
          </Dialog.Close>
          <Button type="submit" loading={enrol.isPending} loadingLabel={t('enrol.submitting')}>
            {t('enrol.submit')}
          </Button>
        </Dialog.Actions>
      </Stack>
    </form>
  );
}

/**
 * The code to enter on the headset, shown once (the server keeps only its hash); in a dialog with its 'Fertig', on the
 * headset's page (DevicePairing.tsx) without.
 */
export function EnrolmentCode({
  enrolment,
  inDialog = true,
}: {
  enrolment: DeviceEnrolment;
  inDialog?: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  return (
    <Stack gap="medium">
      <KeyValueList
        items={[
          {
            term: t('enrol.codeLabel'),
            value: (
              <Text weight="bold" size="large">
                {enrolment.enrolmentCode}
              </Text>
            ),
          },
          { term: t('enrol.serialNumber'), value: enrolment.device.serialNumber },
          { term: t('enrol.model'), value: enrolment.device.deviceType.name },
        ]}
      />
      <Text>
        {t('enrol.codeHelp', { until: dateTimeText(enrolment.enrolmentCodeExpiresAt, i18n.language) })}
      </Text>
      {inDialog && (
        <Dialog.Actions>
          <Dialog.Close asChild>
            <Button>{t('enrol.done')}</Button>
          </Dialog.Close>
        </Dialog.Actions>
      )}
    </Stack>
  );
}

/**
 * 'VR-Brille hinzufügen' (administrators; the server's rule): serial number and model → the pairing code to enter on
 * the headset. The fleet page's call to action.
 */
export function EnrolDialog({ organisations }: { organisations: readonly Organisation[] }) {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(false);
  const [enrolment, setEnrolment] = useState<DeviceEnrolment | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setEnrolment(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button>{t('enrol.open')}</Button>
      </Dialog.Trigger>
      {open && (
        <Dialog.Content>
          <Dialog.Title>
            {enrolment ? t('enrol.codeTitle', { name: enrolment.device.name }) : t('enrol.title')}
          </Dialog.Title>
          <Dialog.Description>
            {enrolment ? t('enrol.codeHelpShort') : t('enrol.description')}
          </Dialog.Description>
          {enrolment ? (
            <EnrolmentCode enrolment={enrolment} />
          ) : (
            <EnrolForm organisations={organisations} onEnrolled={setEnrolment} />
          )}
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
