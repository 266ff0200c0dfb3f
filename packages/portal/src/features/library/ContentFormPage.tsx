import type { Content, components } from '@portal/api';
import { CONTENT_TYPES, type ContentType, isContentOwner } from '@portal/domain';
import { Button, Checkbox, EmptyState, Heading, Inline, Spinner, Stack, Text, TextField } from '@portal/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { $api, apiClient, useCurrentUser } from '../../lib/api.ts';
import { toasts } from '../../lib/toasts.ts';
import { DocumentsField, deleteStoredFile, PreviewField, type PreviewValue } from './ContentFiles.tsx';
import { ContentFileUpload } from './ContentFileUpload.tsx';
import { contentDetailQuery, routeContentId } from './contentDetailQuery.ts';
import {
  CONTENT_FORMATS,
  type ContentFormErrors,
  type ContentFormValues,
  contentBody,
  EMPTY_FORM,
  formValuesOf,
  validateContentForm,
} from './contentForm.ts';
import { SelectField } from './SelectField.tsx';

type StoredFile = components['schemas']['StoredFile'];

const textareaStyle = {
  font: 'inherit',
  padding: '0.5rem 0.75rem',
  borderRadius: '8px',
  width: '100%',
} as const;

function ContentForm({ content }: { content?: Content }) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContentFormValues>(content ? formValuesOf(content) : EMPTY_FORM);
  const [errors, setErrors] = useState<ContentFormErrors>({});
  const [preview, setPreview] = useState<PreviewValue | null>(
    content?.previewImage ? { id: null, url: content.previewImage } : null,
  );
  const [documents, setDocuments] = useState<StoredFile[]>(content?.documentFiles ?? []);
  const everDocuments = useRef(new Map<number, StoredFile>());
  for (const file of documents) everDocuments.current.set(file.id, file);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState(false);

  const categories = useQuery({
    ...$api.queryOptions('get', '/api/v2/cms/content-category/'),
    staleTime: 600_000,
  });
  const languages = useQuery({ ...$api.queryOptions('get', '/api/v2/cms/languages/'), staleTime: 600_000 });

  const set = <K extends keyof ContentFormValues>(key: K, value: ContentFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const errorText = (field: keyof ContentFormErrors) => {
    const key = errors[field];
    return key ? t(`form.errors.${key}`) : undefined;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateContentForm(values);
    setErrors(found);
    setServerError(false);
    if (Object.keys(found).length > 0) {
      // Focus the first invalid field so keyboard and screen-reader users land on the message.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
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
    const body = { ...contentBody(values), ...previewChange, documentFileIds: documents.map((d) => d.id) };
    setSaving(true);
    try {
      const result = content
        ? await apiClient.PATCH('/api/v1/cms/content/{id}/', { params: { path: { id: content.id } }, body })
        : await apiClient.POST('/api/v1/cms/content/', { body });
      if (!result.data) {
        setServerError(true);
        return;
      }
      const saved = result.data;
      const kept = new Set(documents.map((d) => d.id));
      for (const id of everDocuments.current.keys()) if (!kept.has(id)) void deleteStoredFile('document', id);
      queryClient.setQueryData(contentDetailQuery(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/v2/cms/content/'] });
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
    } catch {
      setServerError(true);
    } finally {
      setSaving(false);
    }
  };

  const type = values.contentType;
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="medium">
        <TextField
          label={t('form.title')}
          value={values.title}
          required
          maxLength={200}
          error={errorText('title')}
          aria-invalid={errors.title ? true : undefined}
          onChange={(event) => set('title', event.currentTarget.value)}
        />
        <Stack gap="xsmall">
          <label htmlFor={descriptionId}>
            <Text as="span" size="small" weight="semibold">
              {t('form.description')}
            </Text>
          </label>
          <textarea
            id={descriptionId}
            rows={4}
            maxLength={10000}
            style={textareaStyle}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
          />
        </Stack>
        <SelectField
          label={t('form.contentType')}
          value={type}
          options={CONTENT_TYPES.map((value) => ({ value, label: t(`contentType.${value}`) }))}
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
          <SelectField
            label={t('form.format')}
            value={values.format}
            options={[
              { value: '', label: t('form.formatNone') },
              ...CONTENT_FORMATS.map((format) => ({ value: format, label: format })),
            ]}
            onChange={(event) => set('format', event.currentTarget.value)}
          />
        )}
        {type === 'video' && (
          <TextField
            label={t('form.duration')}
            inputMode="numeric"
            value={values.duration}
            error={errorText('duration')}
            onChange={(event) => set('duration', event.currentTarget.value)}
          />
        )}
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
        <SelectField
          label={t('form.category')}
          value={values.categoryId}
          options={[
            { value: '', label: t('form.categoryNone') },
            ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          onChange={(event) => set('categoryId', event.currentTarget.value)}
        />
        <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend>
            <Text as="span" size="small" weight="semibold">
              {t('form.languages')}
            </Text>
          </legend>
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
        </fieldset>
        <Checkbox
          label={t('form.isPublic')}
          checked={values.isPublic}
          onCheckedChange={(checked) => set('isPublic', checked)}
        />
        <PreviewField value={preview} onChange={setPreview} />
        <DocumentsField files={documents} onChange={setDocuments} />
        {serverError && (
          <div role="alert">
            <Text tone="critical">{t('form.saveFailed')}</Text>
          </div>
        )}
        {!content && <Text tone="muted">{t('form.fileStepHint')}</Text>}
        <Inline gap="small">
          <Button type="submit" loading={saving} loadingLabel={t('form.saving')}>
            {content ? t('form.save') : t('form.create')}
          </Button>
          <Link to={content ? `/library/${content.id}` : '/library'}>{t('form.cancel')}</Link>
        </Inline>
      </Stack>
    </form>
  );
}

/** Inhalt erstellen (spec §2, /library/new); signed-in users only (route loader). */
export function ContentCreatePage() {
  const { t } = useTranslation('library');
  return (
    <Stack gap="large">
      <Heading level={1}>{t('form.createTitle')}</Heading>
      <ContentForm />
    </Stack>
  );
}

/** Inhalt bearbeiten (spec §2, /library/{id}/edit): only for the owner organisation (spec §3). */
export function ContentEditPage() {
  const { t } = useTranslation('library');
  const id = routeContentId(useParams().id);
  const { user, loading } = useCurrentUser();
  const detail = useQuery({ ...contentDetailQuery(id ?? 0), enabled: id !== null });

  if (id === null || detail.isError) {
    return (
      <EmptyState
        title={t('detail.notFound.title')}
        description={t('detail.notFound.description')}
        action={<Link to="/library">{t('detail.notFound.back')}</Link>}
      />
    );
  }
  if (detail.isPending || loading) return <Spinner label={t('form.loading')} />;
  const content = detail.data;
  if (!isContentOwner(user, content)) {
    return (
      <EmptyState
        title={t('form.editTitle')}
        description={t('form.forbidden')}
        action={<Link to={`/library/${content.id}`}>{t('detail.back')}</Link>}
      />
    );
  }
  return (
    <Stack gap="large">
      <Heading level={1}>{t('form.editTitle')}</Heading>
      <ContentFileUpload contentId={content.id} fileSize={content.fileSize} />
      <ContentForm key={content.id} content={content} />
    </Stack>
  );
}
