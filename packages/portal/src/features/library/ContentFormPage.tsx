import type { Content, components } from '@portal/api';
import {
  CONTENT_FORMATS,
  CONTENT_TYPES,
  type ContentType,
  deriveRoleFlags,
  isContentFormat,
  isContentOwner,
  mayCreateContent,
} from '@portal/domain';
import {
  ActionBar,
  Alert,
  Button,
  ButtonLink,
  Checkbox,
  FormField,
  Heading,
  Inline,
  Select,
  Spinner,
  Stack,
  Text,
  TextArea,
  TextField,
} from '@portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  apiClient,
  categoriesQuery,
  contentListsKey,
  languagesQuery,
  useCurrentUser,
} from '../../lib/api.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { routeId } from '../../lib/routeParams.ts';
import { answerOf, ServerRefusal } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { DocumentsField, deleteStoredFile, PreviewField, type PreviewValue } from './ContentFiles.tsx';
import { ContentFileUpload } from './ContentFileUpload.tsx';
import { ContentLoadFailure } from './ContentLoadFailure.tsx';
import { contentDetailQuery } from './contentDetailQuery.ts';
import {
  type ContentFormErrors,
  type ContentFormValues,
  contentBody,
  EMPTY_FORM,
  formValuesOf,
  type ServerFormErrors,
  type ServerFormField,
  serverFormErrors,
  validateContentForm,
} from './contentForm.ts';
import { LeaveGuard } from './LeaveGuard.tsx';

type StoredFile = components['schemas']['StoredFile'];
type ContentBody = components['schemas']['ContentCreate'] & components['schemas']['ContentUpdate'];

/** What went wrong with the last save: nothing, the server's messages, or no usable answer at all. */
type SaveFailure = { kind: 'none' } | { kind: 'server'; errors: ServerFormErrors } | { kind: 'unknown' };

const NO_FAILURE: SaveFailure = { kind: 'none' };

/** Ids of the section headings, which name their sections. */
const SECTION_IDS = {
  basics: 'content-form-basics',
  file: 'content-form-file',
  preview: 'content-form-preview',
  documents: 'content-form-documents',
  sharing: 'content-form-sharing',
} as const;

/**
 * The content form in the sections of issue 12 (Grunddaten, Datei, Vorschaubild, Dokumente, Freigabe) with its
 * save bar in reach; leaving with unsaved changes (or a running upload) asks first.
 */
function ContentForm({
  content,
  fileSection,
  uploading = false,
}: {
  content?: Content;
  /** The edit page's upload; the create page says the file follows once the item exists. */
  fileSection?: React.ReactNode;
  uploading?: boolean;
}) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContentFormValues>(content ? formValuesOf(content) : EMPTY_FORM);
  const [errors, setErrors] = useState<ContentFormErrors>({});
  const [failure, setFailure] = useState<SaveFailure>(NO_FAILURE);
  const [preview, setPreview] = useState<PreviewValue | null>(
    content?.previewImage ? { id: null, url: content.previewImage } : null,
  );
  const [documents, setDocuments] = useState<StoredFile[]>(content?.documentFiles ?? []);
  const everDocuments = useRef(new Map<number, StoredFile>());
  for (const file of documents) everDocuments.current.set(file.id, file);
  const categories = useQuery(categoriesQuery);
  const languages = useQuery(languagesQuery);
  const [initial] = useState(() => ({ values, preview, documents }));
  const dirty =
    JSON.stringify(values) !== JSON.stringify(initial.values) ||
    preview?.url !== initial.preview?.url ||
    documents.map((d) => d.id).join() !== initial.documents.map((d) => d.id).join();
  /** Set right before the page moves on after a save: that move is no leaving with unsaved changes. */
  const leavingAfterSave = useRef(false);
  const save = useMutation({
    mutationFn: (body: ContentBody) =>
      answerOf(
        content
          ? apiClient.PATCH('/api/v1/cms/content/{id}/', { params: { path: { id: content.id } }, body })
          : apiClient.POST('/api/v1/cms/content/', { body }),
      ),
    async onSuccess(saved, body) {
      const kept = new Set(body.documentFileIds);
      for (const id of everDocuments.current.keys()) if (!kept.has(id)) void deleteStoredFile('document', id);
      queryClient.setQueryData(contentDetailQuery(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: contentListsKey });
      leavingAfterSave.current = true;
      if (content) {
        toasts.show({ tone: 'success', title: 'library:form.saved' });
        navigate(`/library/${saved.id}`);
      } else {
        toasts.show({
          tone: 'success',
          title: 'library:form.created',
          description: 'library:form.fileStepHint',
        });
        // The file needs an existing item: the edit page carries the upload.
        navigate(`/library/${saved.id}/edit`, { replace: true });
      }
    },
    onError(error) {
      if (!(error instanceof ServerRefusal)) return setFailure({ kind: 'unknown' });
      setFailure({ kind: 'server', errors: serverFormErrors(error.body) });
      focusFirstInvalid();
    },
  });

  // The server lets only content administrators (and staff) make content public; an item that already is
  // public keeps the box so its owner can withdraw it.
  const roles = deriveRoleFlags(user);
  const mayPublish = roles.isContentAdmin || roles.isStaff || content?.isPublic === true;

  const serverFields = failure.kind === 'server' ? failure.errors.fields : {};
  /** Forgets the server's message for a field once the user changes it. */
  const clearServerError = (field: ServerFormField) => {
    if (failure.kind !== 'server' || !(field in failure.errors.fields)) return;
    const { [field]: _dropped, ...rest } = failure.errors.fields;
    setFailure({ kind: 'server', errors: { ...failure.errors, fields: rest } });
  };
  const set = <K extends keyof ContentFormValues>(key: K, value: ContentFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    clearServerError(key);
  };
  /** The portal's own check first (it runs before every save), else what the server said. */
  const errorText = (field: keyof ContentFormErrors) => {
    const key = errors[field];
    return key ? t(`form.errors.${key}`) : serverFields[field];
  };
  // Focus the first invalid field so keyboard and screen-reader users land on the message.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateContentForm(values);
    setErrors(found);
    setFailure(NO_FAILURE);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    const previewChange =
      preview === null
        ? content?.previewImage
          ? { previewImageId: null }
          : {}
        : preview.id !== null
          ? { previewImageId: preview.id }
          : {};
    save.mutate({ ...contentBody(values), ...previewChange, documentFileIds: documents.map((d) => d.id) });
  };

  let failureText: React.ReactNode = null;
  if (failure.kind === 'unknown') failureText = t('form.saveFailedUnknown');
  else if (failure.kind === 'server') {
    const { general, fields } = failure.errors;
    if (general.length > 0) {
      failureText = (
        <Stack gap="xsmall">
          {general.map((message) => (
            <Text key={message}>{message}</Text>
          ))}
        </Stack>
      );
    } else failureText = Object.keys(fields).length > 0 ? t('form.saveFailed') : t('form.saveFailedUnknown');
  }

  const type = values.contentType;
  // A stored format the portal has no name for stays selectable as it is, so saving does not change it.
  const formats: string[] = [...CONTENT_FORMATS];
  if (values.format !== '' && !isContentFormat(values.format)) formats.push(values.format);
  const section = (key: keyof typeof SECTION_IDS, children: React.ReactNode) => (
    <Stack as="section" gap="medium" aria-labelledby={SECTION_IDS[key]}>
      <Heading level={2} id={SECTION_IDS[key]}>
        {t(`form.sections.${key}`)}
      </Heading>
      {children}
    </Stack>
  );
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <LeaveGuard
        active={dirty || uploading}
        passed={leavingAfterSave}
        texts={
          uploading
            ? {
                title: t('upload.leave.title'),
                description: t('upload.leave.description'),
                confirm: t('upload.leave.confirm'),
                stay: t('upload.leave.stay'),
              }
            : {
                title: t('form.unsaved.title'),
                description: t('form.unsaved.description'),
                confirm: t('form.unsaved.confirm'),
                stay: t('form.unsaved.stay'),
              }
        }
      />
      <Stack gap="xlarge">
        {section(
          'basics',
          <>
            <TextField
              label={t('form.title')}
              value={values.title}
              required
              dir="auto"
              maxLength={200}
              error={errorText('title')}
              onChange={(event) => set('title', event.currentTarget.value)}
            />
            <TextArea
              label={t('form.description')}
              rows={4}
              maxLength={10000}
              value={values.description}
              error={serverFields.description}
              onChange={(event) => set('description', event.currentTarget.value)}
            />
            <Select
              label={t('form.contentType')}
              value={type}
              options={CONTENT_TYPES.map((value) => ({ value, label: t(`contentType.${value}`) }))}
              error={serverFields.contentType}
              onChange={(event) => set('contentType', event.currentTarget.value as ContentType)}
            />
            {type === 'app' && (
              <TextField
                label={t('form.packageName')}
                hint={t('form.packageNameHint')}
                value={values.packageName}
                required
                error={errorText('packageName')}
                onChange={(event) => set('packageName', event.currentTarget.value)}
              />
            )}
            {type === 'webApp' && (
              <TextField
                label={t('form.url')}
                hint={t('form.urlHint')}
                type="url"
                value={values.url}
                required
                error={errorText('url')}
                onChange={(event) => set('url', event.currentTarget.value)}
              />
            )}
            {type !== 'webApp' && (
              <Select
                label={t('form.format')}
                value={values.format}
                options={[
                  { value: '', label: t('form.formatNone') },
                  ...formats.map((format) => ({
                    value: format,
                    label: isContentFormat(format) ? t(`formats.${format}`) : format,
                  })),
                ]}
                error={serverFields.format}
                onChange={(event) => set('format', event.currentTarget.value)}
              />
            )}
            {type === 'video' && (
              <TextField
                label={t('form.duration')}
                hint={t('form.durationHint')}
                inputMode="numeric"
                placeholder="0:00:00"
                value={values.duration}
                error={errorText('duration')}
                onChange={(event) => set('duration', event.currentTarget.value)}
              />
            )}
            <FormField label={t('form.age')} labelElement="span" hint={t('form.ageHint')}>
              {(_control, ids) => (
                // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would bring the browser's border and padding, which no @portal/ui style resets
                <div role="group" aria-labelledby={ids.labelId}>
                  <Inline gap="medium" alignY="top">
                    <TextField
                      label={t('form.minAge')}
                      inputMode="numeric"
                      value={values.minAge}
                      error={errorText('minAge')}
                      onChange={(event) => set('minAge', event.currentTarget.value)}
                    />
                    <TextField
                      label={t('form.maxAge')}
                      inputMode="numeric"
                      value={values.maxAge}
                      error={errorText('maxAge')}
                      onChange={(event) => set('maxAge', event.currentTarget.value)}
                    />
                  </Inline>
                </div>
              )}
            </FormField>
            <Select
              label={t('form.category')}
              value={values.categoryId}
              options={[
                { value: '', label: t('form.categoryNone') },
                ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
              ]}
              error={serverFields.categoryId}
              onChange={(event) => set('categoryId', event.currentTarget.value)}
            />
            <FormField label={t('form.languages')} labelElement="span" error={serverFields.languages}>
              {(control, ids) => (
                // A group named by the label: the boxes are read as 'Sprachen' and the error is linked to it.
                // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would bring the browser's border and padding, which no @portal/ui style resets
                <div
                  role="group"
                  aria-labelledby={ids.labelId}
                  aria-describedby={control['aria-describedby']}
                >
                  <Inline gap="medium">
                    {(languages.data ?? []).map((language) => (
                      <Checkbox
                        key={language.code}
                        label={language.name}
                        checked={values.languages.includes(language.code)}
                        onCheckedChange={(checked) =>
                          set(
                            'languages',
                            checked
                              ? [...values.languages, language.code]
                              : values.languages.filter((code) => code !== language.code),
                          )
                        }
                      />
                    ))}
                  </Inline>
                </div>
              )}
            </FormField>
          </>,
        )}
        {section('file', fileSection ?? <Text tone="muted">{t('form.fileStepHint')}</Text>)}
        {section(
          'preview',
          <PreviewField
            value={preview}
            error={serverFields.previewImageId}
            onChange={(next) => {
              setPreview(next);
              clearServerError('previewImageId');
            }}
          />,
        )}
        {section(
          'documents',
          <DocumentsField
            files={documents}
            error={serverFields.documentFileIds}
            onChange={(next) => {
              setDocuments(next);
              clearServerError('documentFileIds');
            }}
          />,
        )}
        {section(
          'sharing',
          <>
            <Text tone="muted">{t('form.sharingHint')}</Text>
            {mayPublish ? (
              <Checkbox
                label={t('form.isPublic')}
                checked={values.isPublic}
                error={serverFields.isPublic}
                onCheckedChange={(checked) => set('isPublic', checked)}
              />
            ) : (
              <Text>{t('form.sharingPrivate')}</Text>
            )}
          </>,
        )}
        {failureText && (
          <Alert tone="critical" announce="assertive" title={t('form.saveFailedTitle')}>
            {failureText}
          </Alert>
        )}
        <ActionBar label={t('detail.actions')}>
          <Button type="submit" loading={save.isPending} loadingLabel={t('form.saving')}>
            {content ? t('form.save') : t('form.create')}
          </Button>
          <ButtonLink variant="ghost" href={content ? `/library/${content.id}` : '/library'}>
            {t('form.cancel')}
          </ButtonLink>
        </ActionBar>
      </Stack>
    </form>
  );
}

/** Inhalt erstellen (spec §2, /library/new): for signed-in members of an organisation (route loader, domain rule). */
export function ContentCreatePage() {
  const { t } = useTranslation('library');
  const { user, loading } = useCurrentUser();
  if (loading) return <Spinner label={t('form.loading')} />;
  // The server gives new content to an organisation of the caller: without one, the form could only fail.
  if (!mayCreateContent(user)) return <NoPermissionPage description={t('form.noPermission')} />;
  return (
    <Stack gap="large">
      <PageHeading>{t('form.createTitle')}</PageHeading>
      <ContentForm />
    </Stack>
  );
}

/** Inhalt bearbeiten (spec §2, /library/{id}/edit): only for the owner organisation (spec §3). */
export function ContentEditPage() {
  const { t } = useTranslation('library');
  const id = routeId(useParams().id);
  const { user, loading } = useCurrentUser();
  const detail = useQuery({ ...contentDetailQuery(id ?? 0), enabled: id !== null });
  const [uploading, setUploading] = useState(false);

  if (id === null || detail.isError) {
    return (
      <ContentLoadFailure
        error={id === null ? null : detail.error}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (detail.isPending || loading) return <Spinner label={t('form.loading')} />;
  const content = detail.data;
  if (!isContentOwner(user, content)) {
    return (
      <NoPermissionPage
        description={t('form.forbidden')}
        back={{ href: `/library/${content.id}`, label: t('detail.back') }}
      />
    );
  }
  return (
    <Stack gap="large">
      <PageHeading>{t('form.editTitle')}</PageHeading>
      <ContentForm
        key={content.id}
        content={content}
        uploading={uploading}
        fileSection={
          <ContentFileUpload
            contentId={content.id}
            fileSize={content.fileSize}
            onUploadingChange={setUploading}
          />
        }
      />
    </Stack>
  );
}
