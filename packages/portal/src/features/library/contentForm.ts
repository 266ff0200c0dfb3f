import type { Content, components } from '@portal/api';
import {
  type ContentType,
  formatDuration,
  hasVisibleCharacter,
  isValidPackageName,
  parseDuration,
} from '@portal/domain';
import { type FormState, rangeProblems, type ServerFieldErrors, wholeNumberOf } from '../../lib/form.ts';
import { errorDetail, fieldError } from '../../lib/serverErrors.ts';

type ContentCreate = components['schemas']['ContentCreate'];
type ContentUpdate = components['schemas']['ContentUpdate'];
type StoredFile = components['schemas']['StoredFile'];

/** The preview image the form refers to. */
export interface PreviewValue {
  /** Set when the image was uploaded in this form (then previewImageId must be sent). */
  id: number | null;
  url: string;
}

/**
 * What the form holds (lib/form.ts kinds): text, a select for type, format and category, numbers (the age range)
 * and the duration as typed text, so a half-typed value is never lost or coerced; the languages as choices; the
 * public flag as a checkbox; the preview image and the documents as references to files stored beforehand.
 */
export interface ContentFormValues {
  title: string;
  description: string;
  contentType: ContentType;
  packageName: string;
  url: string;
  format: string;
  duration: string;
  minAge: string;
  maxAge: string;
  categoryId: string;
  languages: string[];
  isPublic: boolean;
  preview: PreviewValue | null;
  documents: StoredFile[];
}

export type ContentFormField = 'title' | 'packageName' | 'url' | 'duration' | 'minAge' | 'maxAge';
/** Keys under 'form.errors' of the library namespace. */
export type ContentFormErrorKey =
  | 'titleRequired'
  | 'titleTooLong'
  | 'packageNameRequired'
  | 'packageNameInvalid'
  | 'urlRequired'
  | 'urlInvalid'
  | 'ageInvalid'
  | 'ageOrder'
  | 'durationInvalid';
export type ContentFormErrors = Partial<Record<ContentFormField, ContentFormErrorKey>>;

/** The content form's values and messages (lib/form.ts), as its sections take them. */
export type ContentFormState = FormState<ContentFormValues, ContentFormErrorKey>;

export const EMPTY_FORM: ContentFormValues = {
  title: '',
  description: '',
  contentType: 'video',
  packageName: '',
  url: '',
  format: '',
  duration: '',
  minAge: '',
  maxAge: '',
  categoryId: '',
  languages: [],
  isPublic: false,
  preview: null,
  documents: [],
};

/** The oldest age the form takes (the contract's limit). */
const AGE_MAX = 99;

export function formValuesOf(content: Content): ContentFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    title: content.title,
    description: content.description,
    contentType: content.contentType,
    packageName: content.packageName ?? '',
    url: content.url ?? '',
    format: content.format ?? '',
    // Entered and shown as h:mm:ss, as the Mediathek shows durations (spec §9).
    duration: content.duration === null ? '' : formatDuration(content.duration),
    minAge: text(content.minAge),
    maxAge: text(content.maxAge),
    categoryId: content.category ? String(content.category.id) : '',
    languages: [...content.languages],
    isPublic: content.isPublic,
    preview: content.previewImage ? { id: null, url: content.previewImage } : null,
    documents: content.documentFiles ?? [],
  };
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The German-message keys of every rule the form checks before it asks the server (which checks again). */
export function validateContentForm(values: ContentFormValues): ContentFormErrors {
  const errors: ContentFormErrors = {};
  const title = values.title.trim();
  if (!hasVisibleCharacter(title)) errors.title = 'titleRequired';
  else if (title.length > 200) errors.title = 'titleTooLong';

  if (values.contentType === 'app') {
    const name = values.packageName.trim();
    if (name === '') errors.packageName = 'packageNameRequired';
    else if (!isValidPackageName(name)) errors.packageName = 'packageNameInvalid';
  }
  if (values.contentType === 'webApp') {
    const url = values.url.trim();
    if (url === '') errors.url = 'urlRequired';
    else if (!isWebUrl(url)) errors.url = 'urlInvalid';
  }
  if (values.contentType === 'video' && parseDuration(values.duration) === 'invalid') {
    errors.duration = 'durationInvalid';
  }

  const age = rangeProblems(values.minAge, values.maxAge, AGE_MAX);
  if (age.from) errors.minAge = age.from === 'order' ? 'ageOrder' : 'ageInvalid';
  if (age.to) errors.maxAge = 'ageInvalid';
  return errors;
}

const durationOrNull = (text: string): number | null => {
  const seconds = parseDuration(text);
  return typeof seconds === 'number' ? seconds : null;
};

const numberOrNull = (text: string): number | null => {
  const value = wholeNumberOf(text);
  return typeof value === 'number' ? value : null;
};

/**
 * The preview's part of the body: an image uploaded in this form is linked, a removed one unlinked (only when the
 * item had one), an unchanged one not sent.
 */
function previewChange(
  preview: PreviewValue | null,
  hadPreview: boolean,
): { previewImageId?: number | null } {
  if (preview === null) return hadPreview ? { previewImageId: null } : {};
  return preview.id !== null ? { previewImageId: preview.id } : {};
}

/**
 * The request body of valid values; fields that don't belong to the type are sent empty. `hadPreview`: the stored
 * item has a preview image.
 */
export function contentBody(values: ContentFormValues, hadPreview = false): ContentCreate & ContentUpdate {
  const type = values.contentType;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    contentType: type,
    packageName: type === 'app' ? values.packageName.trim() : null,
    url: type === 'webApp' ? values.url.trim() : null,
    format: type === 'webApp' || values.format === '' ? null : values.format,
    duration: type === 'video' ? durationOrNull(values.duration) : null,
    minAge: numberOrNull(values.minAge),
    maxAge: numberOrNull(values.maxAge),
    categoryId: values.categoryId === '' ? null : Number(values.categoryId),
    languages: values.languages,
    isPublic: values.isPublic,
    ...previewChange(values.preview, hadPreview),
    documentFileIds: values.documents.map((document) => document.id),
  };
}

/** Fields of the request body the form shows a control for; the server's message for one appears there. */
export const SERVER_FORM_FIELDS = [
  'title',
  'description',
  'contentType',
  'packageName',
  'url',
  'format',
  'duration',
  'minAge',
  'maxAge',
  'categoryId',
  'languages',
  'isPublic',
  'previewImageId',
  'documentFileIds',
] as const satisfies readonly (keyof (ContentCreate & ContentUpdate))[];
export type ServerFormField = (typeof SERVER_FORM_FIELDS)[number];

export interface ServerFormErrors {
  /** The server's (German) message per field the form shows. */
  fields: Partial<Record<ServerFormField, string>>;
  /** `detail`, then the messages of fields the form has no control for (e.g. `non_field_errors`). */
  general: string[];
}

const isServerFormField = (key: string): key is ServerFormField =>
  (SERVER_FORM_FIELDS as readonly string[]).includes(key);

/** Sorts a DRF error body (`{detail}` or `{field: [messages]}`) into messages at fields and the rest. */
export function serverFormErrors(body: unknown): ServerFormErrors {
  const fields: ServerFormErrors['fields'] = {};
  const general: string[] = [];
  const detail = errorDetail(body);
  if (detail) general.push(detail);
  if (typeof body === 'object' && body !== null) {
    for (const key of Object.keys(body)) {
      if (key === 'detail') continue;
      const message = fieldError(body, key);
      if (!message) continue;
      if (isServerFormField(key)) fields[key] = message;
      else general.push(message);
    }
  }
  return { fields, general };
}

/** The server's messages at the form's fields (its file ids are the form's preview and documents). */
export function serverFieldErrorsOf(
  fields: ServerFormErrors['fields'],
): ServerFieldErrors<ContentFormValues> {
  const { previewImageId, documentFileIds, ...sameName } = fields;
  const texts: Partial<Record<keyof ContentFormValues, string>> = {
    ...sameName,
    preview: previewImageId,
    documents: documentFileIds,
  };
  const errors: ServerFieldErrors<ContentFormValues> = {};
  for (const [name, text] of Object.entries(texts) as [keyof ContentFormValues, string | undefined][]) {
    if (text !== undefined) errors[name] = { text };
  }
  return errors;
}
