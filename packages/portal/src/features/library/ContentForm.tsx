import type { Content, components } from '@portal/api';
import { deriveRoleFlags } from '@portal/domain';
import { ActionBar, Alert, Button, ButtonLink, Checkbox, Heading, Stack, Text } from '@portal/ui';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { focusFirstInvalid, onSubmitted, useFormState } from '../../lib/form.ts';
import { LeaveGuard } from '../../lib/LeaveGuard.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { ServerRefusal } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { ContentBasics } from './ContentBasics.tsx';
import { DocumentsField, PreviewField } from './ContentFiles.tsx';
import {
  type ContentFormErrorKey,
  type ContentFormState,
  type ContentFormValues,
  contentBody,
  EMPTY_FORM,
  formValuesOf,
  serverFieldErrorsOf,
  serverFormErrors,
  validateContentForm,
} from './contentForm.ts';
import { deleteStoredFile, useSaveContent } from './libraryQueries.ts';

type StoredFile = components['schemas']['StoredFile'];

/**
 * What went wrong with the last save besides the messages at fields: nothing, the server's other messages, or no
 * usable answer at all.
 */
type SaveFailure = { kind: 'none' } | { kind: 'server'; general: string[] } | { kind: 'unknown' };

const NO_FAILURE: SaveFailure = { kind: 'none' };

/** Ids of the section headings, which name their sections. */
const SECTION_IDS = {
  basics: 'content-form-basics',
  file: 'content-form-file',
  preview: 'content-form-preview',
  documents: 'content-form-documents',
  sharing: 'content-form-sharing',
} as const;

function FormSection({ section, children }: { section: keyof typeof SECTION_IDS; children: ReactNode }) {
  const { t } = useTranslation('library');
  return (
    <Stack as="section" gap="medium" aria-labelledby={SECTION_IDS[section]}>
      <Heading level={2} id={SECTION_IDS[section]}>
        {t(`form.sections.${section}`)}
      </Heading>
      {children}
    </Stack>
  );
}

/** Asks before the page is left with unsaved changes or a running upload, naming which. */
function ContentLeaveGuard({
  changed,
  uploading,
  passed,
}: {
  changed: boolean;
  uploading: boolean;
  passed: RefObject<boolean>;
}) {
  const { t } = useTranslation('library');
  const { t: common } = useTranslation();
  // The running upload's question is the common one (lib/MultipartUpload.tsx); unsaved changes are the form's.
  const texts = uploading
    ? {
        title: common('upload.leave.title'),
        description: common('upload.leave.description'),
        confirm: common('upload.leave.confirm'),
        stay: common('upload.leave.stay'),
      }
    : {
        title: t('form.unsaved.title'),
        description: t('form.unsaved.description'),
        confirm: t('form.unsaved.confirm'),
        stay: t('form.unsaved.stay'),
      };
  return <LeaveGuard active={changed || uploading} passed={passed} texts={texts} />;
}

/**
 * Freigabe: the server lets only content administrators (and staff) make content public; an item that already is
 * public keeps the box so its owner can withdraw it.
 */
function SharingFields({ form, content }: { form: ContentFormState; content: Content | undefined }) {
  const { t } = useTranslation('library');
  const roles = deriveRoleFlags(useCurrentUser().user);
  const mayPublish = roles.isContentAdmin || roles.isStaff || content?.isPublic === true;
  return (
    <>
      <Text tone="muted">{t('form.sharingHint')}</Text>
      {mayPublish ? (
        <Checkbox label={t('form.isPublic')} {...form.checkbox('isPublic')} />
      ) : (
        <Text>{t('form.sharingPrivate')}</Text>
      )}
    </>
  );
}

/**
 * Why the last save failed: the server's own messages when it gave some beyond the fields, else a pointer to the
 * marked fields while one is marked, else the advice to try again.
 */
function SaveFailureAlert({ failure, fieldsMarked }: { failure: SaveFailure; fieldsMarked: boolean }) {
  const { t } = useTranslation('library');
  if (failure.kind === 'none') return null;
  let text: ReactNode = t('form.saveFailedUnknown');
  if (failure.kind === 'server' && failure.general.length > 0) {
    text = (
      <Stack gap="xsmall">
        {failure.general.map((message) => (
          <Text key={message}>{message}</Text>
        ))}
      </Stack>
    );
  } else if (failure.kind === 'server' && fieldsMarked) text = t('form.saveFailed');
  return (
    <Alert tone="critical" announce="assertive" title={t('form.saveFailedTitle')}>
      {text}
    </Alert>
  );
}

/**
 * The content form in the sections of issue 12 (Grunddaten, Datei, Vorschaubild, Dokumente, Freigabe) with its
 * save bar in reach; leaving with unsaved changes (or a running upload) asks first.
 */
export function ContentForm({
  content,
  fileSection,
  uploading = false,
}: {
  content?: Content;
  /** The edit page's upload; the create page says the file follows once the item exists. */
  fileSection?: ReactNode;
  uploading?: boolean;
}) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<ContentFormValues, ContentFormErrorKey>(
    content ? formValuesOf(content) : EMPTY_FORM,
    (key) => t(`form.errors.${key}`),
    { forgetServerErrorOnChange: true },
  );
  const [failure, setFailure] = useState<SaveFailure>(NO_FAILURE);
  // Every document the form has shown: those a save does not keep are deleted on the server afterwards.
  const everDocuments = useRef(new Map<number, StoredFile>());
  for (const file of form.values.documents) everDocuments.current.set(file.id, file);
  /** Set right before the page moves on after a save: that move is no leaving with unsaved changes. */
  const leavingAfterSave = useRef(false);
  const save = useSaveContent(content, {
    onSuccess(saved, body) {
      const kept = new Set(body.documentFileIds);
      for (const id of everDocuments.current.keys()) if (!kept.has(id)) void deleteStoredFile('document', id);
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
      const { fields, general } = serverFormErrors(error.body);
      form.setServerErrors(serverFieldErrorsOf(fields));
      setFailure({ kind: 'server', general });
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = onSubmitted(() => {
    if (save.isPending) return;
    setFailure(NO_FAILURE);
    // The portal's own checks first (the server checks again).
    if (!form.check(validateContentForm(form.values))) return focusFirstInvalid(formRef.current);
    save.mutate(contentBody(form.values, Boolean(content?.previewImage)));
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <ContentLeaveGuard changed={form.dirty} uploading={uploading} passed={leavingAfterSave} />
      <Stack gap="xlarge">
        <FormSection section="basics">
          <ContentBasics form={form} />
        </FormSection>
        <FormSection section="file">
          {fileSection ?? <Text tone="muted">{t('form.fileStepHint')}</Text>}
        </FormSection>
        <FormSection section="preview">
          <PreviewField {...form.reference('preview')} />
        </FormSection>
        <FormSection section="documents">
          <DocumentsField {...form.reference('documents')} />
        </FormSection>
        <FormSection section="sharing">
          <SharingFields form={form} content={content} />
        </FormSection>
        <SaveFailureAlert failure={failure} fieldsMarked={form.hasServerErrors} />
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
