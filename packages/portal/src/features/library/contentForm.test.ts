import { describe, expect, it } from 'vitest';
import {
  contentBody,
  EMPTY_FORM,
  serverFieldErrorsOf,
  serverFormErrors,
  validateContentForm,
} from './contentForm.ts';

const video = { ...EMPTY_FORM, title: 'Rundgang', contentType: 'video' as const };

describe('content form validation', () => {
  it('requires a title', () => {
    expect(validateContentForm({ ...video, title: '   ' }).title).toBe('titleRequired');
    expect(validateContentForm({ ...video, title: '\u200B\u0301\uFEFF' }).title).toBe('titleRequired');
    expect(validateContentForm(video)).toEqual({});
  });

  it('wants the minimum age not above the maximum', () => {
    expect(validateContentForm({ ...video, minAge: '12', maxAge: '10' }).minAge).toBe('ageOrder');
    expect(validateContentForm({ ...video, minAge: '10', maxAge: '10' })).toEqual({});
    expect(validateContentForm({ ...video, maxAge: '100' }).maxAge).toBe('ageInvalid');
    expect(validateContentForm({ ...video, minAge: '-1' }).minAge).toBe('ageInvalid');
  });

  it('wants a package name for apps and a web address for web apps', () => {
    const app = { ...video, contentType: 'app' as const };
    expect(validateContentForm(app).packageName).toBe('packageNameRequired');
    expect(validateContentForm({ ...app, packageName: 'vrlab' }).packageName).toBe('packageNameInvalid');
    expect(validateContentForm({ ...app, packageName: 'de.example.vrlab' })).toEqual({});
    const web = { ...video, contentType: 'webApp' as const };
    expect(validateContentForm(web).url).toBe('urlRequired');
    expect(validateContentForm({ ...web, url: 'javascript:alert(1)' }).url).toBe('urlInvalid');
    expect(validateContentForm({ ...web, url: 'https://example.org/vr' })).toEqual({});
  });

  it('sends only the fields of the chosen type, numbers as numbers', () => {
    const body = contentBody({
      ...video,
      packageName: 'de.left.over',
      url: 'https://left.over',
      duration: '125',
      minAge: '8',
      maxAge: '',
      format: '360',
      categoryId: '3',
    });
    expect(body).toMatchObject({
      contentType: 'video',
      packageName: null,
      url: null,
      duration: 125,
      minAge: 8,
      maxAge: null,
      format: '360',
      categoryId: 3,
    });
  });
});

describe('duration as h:mm:ss (issue 12)', () => {
  it('reads h:mm:ss, shows a stored duration the same way, and refuses what is no duration', () => {
    expect(contentBody({ ...video, duration: '1:02:05' }).duration).toBe(3725);
    expect(validateContentForm({ ...video, duration: '0:75' }).duration).toBe('durationInvalid');
    expect(validateContentForm({ ...video, duration: '0:12:30' })).toEqual({});
  });
});

describe('server errors of the content form', () => {
  it('puts each field message at its field and the rest, detail first, into the general list', () => {
    const errors = serverFormErrors({
      title: ['Dieses Feld darf nicht leer sein.'],
      isPublic: ['Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.'],
      non_field_errors: ['Das Mindestalter ist größer als das Höchstalter.'],
      detail: 'Bitte prüfen Sie Ihre Eingaben.',
    });
    expect(errors.fields).toEqual({
      title: 'Dieses Feld darf nicht leer sein.',
      isPublic: 'Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.',
    });
    expect(errors.general).toEqual([
      'Bitte prüfen Sie Ihre Eingaben.',
      'Das Mindestalter ist größer als das Höchstalter.',
    ]);
  });

  it('reads a bare detail and survives bodies that are not DRF errors', () => {
    expect(serverFormErrors({ detail: 'Sie gehören dieser Organisation nicht an.' })).toEqual({
      fields: {},
      general: ['Sie gehören dieser Organisation nicht an.'],
    });
    expect(serverFormErrors(undefined)).toEqual({ fields: {}, general: [] });
    expect(serverFormErrors('Bad Gateway')).toEqual({ fields: {}, general: [] });
    expect(serverFormErrors({ title: [42] })).toEqual({ fields: {}, general: [] });
  });
});

describe('preview image and documents (file references)', () => {
  const document = {
    id: 7,
    file: '/media/blatt.pdf',
    fileName: 'blatt.pdf',
    fileSize: 1024,
    created_at: '2026-05-04T08:00:00Z',
  };

  it('links an image uploaded in the form, unlinks a removed one and leaves an unchanged one alone', () => {
    expect(contentBody({ ...video, preview: { id: 4, url: '/media/neu.png' } }, true).previewImageId).toBe(4);
    expect(contentBody({ ...video, preview: null }, true)).toHaveProperty('previewImageId', null);
    expect(contentBody({ ...video, preview: null }, false)).not.toHaveProperty('previewImageId');
    expect(contentBody({ ...video, preview: { id: null, url: '/media/alt.png' } }, true)).not.toHaveProperty(
      'previewImageId',
    );
  });

  it('sends the ids of the documents the form keeps', () => {
    expect(contentBody({ ...video, documents: [document] }).documentFileIds).toEqual([7]);
    expect(contentBody(video).documentFileIds).toEqual([]);
  });

  it("puts the server's messages about file ids at the form's file fields", () => {
    expect(
      serverFieldErrorsOf({ title: 'Zu lang.', previewImageId: 'Kein Bild.', documentFileIds: 'Unbekannt.' }),
    ).toEqual({
      title: { text: 'Zu lang.' },
      preview: { text: 'Kein Bild.' },
      documents: { text: 'Unbekannt.' },
    });
    expect(serverFieldErrorsOf({})).toEqual({});
  });
});
