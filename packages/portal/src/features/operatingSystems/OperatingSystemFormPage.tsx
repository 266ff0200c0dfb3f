import type { OperatingSystem } from '@portal/api';
import {
  ActionBar,
  Alert,
  Box,
  Button,
  ButtonLink,
  Checkbox,
  ConfirmDialog,
  Heading,
  Inline,
  Spinner,
  Stack,
  Switch,
  Text,
  TextArea,
  TextField,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { useDeviceTypes } from '../../lib/deviceTypes.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { LeaveGuard } from '../../lib/LeaveGuard.tsx';
import { MultipartUpload } from '../../lib/MultipartUpload.tsx';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import {
  OPERATING_SYSTEMS_PATH,
  operatingSystemHref,
  operatingSystemRole,
} from '../../lib/operatingSystems.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { routeId } from '../../lib/routeParams.ts';
import { fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { OperatingSystemBadges } from './OperatingSystemFacts.tsx';
import {
  operatingSystemFileStored,
  operatingSystemQuery,
  useCreateOperatingSystem,
  useDeleteOperatingSystem,
  useUpdateOperatingSystem,
} from './operatingSystemQueries.ts';
import {
  type OperatingSystemFormError,
  type OperatingSystemFormValues,
  operatingSystemFormErrors,
} from './operatingSystemRules.ts';

/** Name, version, models and release notes: create and edit. */
function OperatingSystemForm({ image }: { image: OperatingSystem | null }) {
  const { t } = useTranslation('operatingSystems');
  const navigate = useNavigate();
  const models = useDeviceTypes();
  const form = useFormState<OperatingSystemFormValues, OperatingSystemFormError>(
    {
      name: image?.name ?? '',
      version: image?.version ?? '',
      deviceTypeIds: image?.deviceTypes.map((type) => type.id) ?? [],
      releaseNotes: image?.releaseNotes ?? '',
    },
    (key) => t(key),
  );
  const chosen = form.choices('deviceTypeIds');
  const onError = (error: unknown) => {
    const refusal = fieldRefusal(error);
    if (!refusal) return showFailure(error, image ? 'updateOperatingSystem' : 'createOperatingSystem');
    form.setServerErrors({
      name: serverFieldMessage(refusal.body, 'name'),
      version: serverFieldMessage(refusal.body, 'version'),
      deviceTypeIds: serverFieldMessage(refusal.body, 'deviceTypeIds'),
      releaseNotes: serverFieldMessage(refusal.body, 'releaseNotes'),
    });
  };
  const create = useCreateOperatingSystem({
    onSuccess(saved) {
      toasts.show({ tone: 'success', title: 'operatingSystems:form.created' });
      // The file needs the entry: it is uploaded on the edit page.
      navigate(`${operatingSystemHref(saved.id)}/edit`);
    },
    onError,
  });
  const update = useUpdateOperatingSystem(image?.id ?? 0, {
    onSuccess(saved) {
      toasts.show({ tone: 'success', title: 'operatingSystems:form.saved' });
      form.reset({
        name: saved.name,
        version: saved.version,
        deviceTypeIds: saved.deviceTypes.map((type) => type.id),
        releaseNotes: saved.releaseNotes,
      });
    },
    onError,
  });
  const submit = onSubmitted(() => {
    if (!form.check(operatingSystemFormErrors(form.values))) return;
    const body = {
      name: form.values.name.trim(),
      version: form.values.version.trim(),
      deviceTypeIds: [...form.values.deviceTypeIds],
      releaseNotes: form.values.releaseNotes,
    };
    if (image) update.mutate(body);
    else create.mutate(body);
  });
  const saving = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="large">
        <TextField
          label={t('form.name')}
          hint={t('form.nameHint')}
          required
          dir="auto"
          {...form.field('name')}
        />
        <TextField
          label={t('form.version')}
          hint={t('form.versionHint')}
          required
          inputMode="decimal"
          {...form.field('version')}
        />
        <Box role="group" aria-labelledby="os-models">
          <Stack gap="small">
            <Text id="os-models" weight="semibold">
              {t('form.models')}
            </Text>
            {models.map((model) => (
              <Checkbox key={model.id} label={model.name} {...chosen.option(model.id)} />
            ))}
            {chosen.error ? <Text tone="critical">{chosen.error}</Text> : null}
          </Stack>
        </Box>
        <TextArea
          label={t('form.releaseNotes')}
          hint={t('form.releaseNotesHint')}
          rows={5}
          {...form.field('releaseNotes')}
        />
        <ActionBar label={t('form.actions')}>
          <Button type="submit" loading={saving} loadingLabel={t('form.saving')}>
            {image ? t('form.save') : t('form.create')}
          </Button>
          <ButtonLink variant="ghost" href={OPERATING_SYSTEMS_PATH}>
            {t('form.cancel')}
          </ButtonLink>
        </ActionBar>
      </Stack>
    </form>
  );
}

/** 'Veröffentlicht' takes effect at once; the server refuses it until the file is there, and the switch says so first. */
function PublishSwitch({ image }: { image: OperatingSystem }) {
  const { t } = useTranslation('operatingSystems');
  const update = useUpdateOperatingSystem(image.id, {
    onSuccess: (saved) =>
      toasts.show({
        tone: 'success',
        title: saved.isPublished
          ? 'operatingSystems:publish.published'
          : 'operatingSystems:publish.withdrawn',
      }),
    onError: (error) => showFailure(error, 'updateOperatingSystem'),
  });
  const needsFile = image.file === null && !image.isPublished;
  return (
    <Stack gap="small">
      <Heading level={2}>{t('publish.title')}</Heading>
      <Switch
        label={t('publish.switch')}
        // Why it cannot be published yet stands in view, not only in the tooltip.
        hint={needsFile ? `${t('publish.hint')} ${t('publish.needsFile')}` : t('publish.hint')}
        checked={update.isPending ? (update.variables?.isPublished ?? image.isPublished) : image.isPublished}
        disabledReason={needsFile ? t('publish.needsFile') : undefined}
        onCheckedChange={(isPublished) => update.mutate({ isPublished })}
      />
    </Stack>
  );
}

function DeleteImage({ image }: { image: OperatingSystem }) {
  const { t } = useTranslation('operatingSystems');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteOperatingSystem(image.id, {
    onSuccess() {
      toasts.show({ tone: 'success', title: 'operatingSystems:delete.done' });
      navigate(OPERATING_SYSTEMS_PATH);
    },
    onError: (error) => showFailure(error, 'deleteOperatingSystem'),
  });
  return (
    <>
      <Inline>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('delete.action')}
        </Button>
      </Inline>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="destructive"
        title={t('delete.title', { name: image.name, version: image.version })}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        confirming={remove.isPending}
        confirmingLabel={t('delete.confirming')}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

/** Staff only; others see 'Keine Berechtigung' (the server refuses with 403 anyway). */
function useMayManage(): boolean | null {
  const { user, loading } = useCurrentUser();
  return loading ? null : operatingSystemRole(user) === 'manage';
}

/** Betriebssystem anlegen (/support/operating-systems/new). */
export function OperatingSystemCreatePage() {
  const { t } = useTranslation('operatingSystems');
  const mayManage = useMayManage();
  if (mayManage === null) return <Spinner label={t('detail.loading')} />;
  if (!mayManage) return <NoPermissionPage />;
  return (
    <Stack gap="large">
      <PageHeading>{t('form.createTitle')}</PageHeading>
      <OperatingSystemForm image={null} />
    </Stack>
  );
}

function EditImage({ image }: { image: OperatingSystem }) {
  const { t } = useTranslation('operatingSystems');
  const { t: tc } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const onUploadingChange = useCallback((running: boolean) => setUploading(running), []);
  return (
    <Stack gap="large">
      <PageHeading>{t('form.editTitle')}</PageHeading>
      <Inline gap="small" alignY="center">
        <Text weight="semibold">
          <bdi>{t('list.heading', { name: image.name, version: image.version })}</bdi>
        </Text>
        <OperatingSystemBadges image={image} />
      </Inline>
      <OperatingSystemForm key={image.id} image={image} />
      <Box as="section" aria-labelledby="os-file">
        <Stack gap="small">
          <Heading level={2} id="os-file">
            {t('file.title')}
          </Heading>
          <MultipartUpload
            target={{ kind: 'operatingSystem', id: image.id }}
            fileSize={image.file === null ? null : image.fileSize}
            texts={{
              zoneLabel: t('file.zoneLabel'),
              current: (size) => t('file.current', { size }),
              none: t('file.none'),
              forbidden: t('file.forbidden'),
            }}
            onStored={() => operatingSystemFileStored(image.id)}
            onUploadingChange={onUploadingChange}
          />
        </Stack>
      </Box>
      <PublishSwitch image={image} />
      <DeleteImage image={image} />
      <LeaveGuard
        active={uploading}
        texts={{
          title: tc('upload.leave.title'),
          description: tc('upload.leave.description'),
          confirm: tc('upload.leave.confirm'),
          stay: tc('upload.leave.stay'),
        }}
      />
    </Stack>
  );
}

/** Betriebssystem bearbeiten (/support/operating-systems/{id}/edit): the fields, the file, publishing, deleting. */
export function OperatingSystemEditPage() {
  const { t } = useTranslation('operatingSystems');
  const mayManage = useMayManage();
  const id = routeId(useParams().id);
  const image = useQuery({ ...operatingSystemQuery(id ?? 0), enabled: id !== null && mayManage === true });
  if (mayManage === null) return <Spinner label={t('detail.loading')} />;
  if (!mayManage) return <NoPermissionPage />;
  if (id === null || image.isError) return <ImageNotFound title={t('form.editTitle')} />;
  if (image.isPending) return <Spinner label={t('detail.loading')} />;
  return <EditImage image={image.data} />;
}

/** 'Betriebssystem nicht gefunden' under the page's heading, with the way back to the list. */
export function ImageNotFound({ title }: { title: string }) {
  const { t } = useTranslation('operatingSystems');
  return (
    <Stack gap="large">
      <PageHeading>{title}</PageHeading>
      <Alert tone="critical" title={t('detail.notFound')}>
        <Stack gap="small">
          <Text>{t('detail.notFoundDescription')}</Text>
          <Inline>
            <ButtonLink variant="secondary" href={OPERATING_SYSTEMS_PATH}>
              {t('detail.back')}
            </ButtonLink>
          </Inline>
        </Stack>
      </Alert>
    </Stack>
  );
}
