import { readFileSync } from 'node:fs';
import { UploadError } from '@portal/api';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServerRefusal, serverErrorMessage, serverMessageText } from '../../lib/serverErrors.ts';
import { fileNameProblem, storedFileErrorText, uploadErrorText } from './uploadErrors.ts';

const i18n = i18next.createInstance();
const t = () => i18n.getFixedT('de', 'library');

beforeAll(async () => {
  const library = JSON.parse(
    readFileSync(new URL('../../../public/locales/de/library.json', import.meta.url), 'utf8'),
  );
  await i18n.init({ lng: 'de', resources: { de: { library } }, interpolation: { escapeValue: false } });
});

// The server's words for its limit (packages/server: uploads and files).
const LIMIT_DETAIL = 'Die Datei ist zu groß. Erlaubt sind höchstens 20,00 GB.';

describe('messages of failed uploads', () => {
  it("names the server's size limit and what to do on 413", () => {
    const refused = new UploadError('start-failed', 'HTTP 413', { status: 413, detail: LIMIT_DETAIL });
    expect(uploadErrorText(t(), refused)).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 20,00 GB. Bitte wählen Sie eine kleinere Datei.',
    );
    const atTheEnd = new UploadError('complete-failed', 'HTTP 413', { status: 413, detail: LIMIT_DETAIL });
    expect(uploadErrorText(t(), atTheEnd)).toContain('höchstens 20,00 GB');
    const withoutDetail = new UploadError('start-failed', 'HTTP 413', { status: 413 });
    expect(uploadErrorText(t(), withoutDetail)).toBe(
      'Die Datei ist größer, als der Server erlaubt. Bitte wählen Sie eine kleinere Datei.',
    );
  });

  it('words a coded 413 through the shared server-error translations, for files and for previews', () => {
    const body = { detail: LIMIT_DETAIL, code: 'fileTooLarge', params: { maxBytes: 20 * 1024 ** 3 } };
    const wording = serverMessageText(serverErrorMessage(413, body));
    const refused = new UploadError('start-failed', 'HTTP 413', { status: 413, detail: LIMIT_DETAIL, body });
    expect(uploadErrorText(t(), refused)).toBe(wording);
    expect(storedFileErrorText(t(), 'preview', new ServerRefusal(413, body))).toBe(wording);
    expect(wording).not.toContain(LIMIT_DETAIL);
  });

  it("words a file beyond the organisation's storage the same way, at start, at completion and for documents", () => {
    const body = {
      detail: 'Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus …',
      code: 'storageQuotaExceeded',
      params: { quotaBytes: 10 * 1024 ** 3, usedBytes: 9.5 * 1024 ** 3 },
    };
    const wording = serverMessageText(serverErrorMessage(413, body));
    for (const code of ['start-failed', 'complete-failed'] as const) {
      const refused = new UploadError(code, 'HTTP 413', { status: 413, detail: body.detail, body });
      expect(uploadErrorText(t(), refused)).toBe(wording);
    }
    expect(storedFileErrorText(t(), 'document', new ServerRefusal(413, body))).toBe(wording);
    // The portal's own words (in the user's language), not the server's German detail.
    expect(wording).not.toContain(body.detail);
  });

  it('keeps a part over the part size apart from a file over the limit', () => {
    const part = new UploadError('part-failed', 'HTTP 413', {
      status: 413,
      detail: 'Dieser Teil ist größer.',
    });
    expect(uploadErrorText(t(), part)).toMatch(/^Ein Teil der Datei konnte/);
  });

  it('explains a refused start by someone else than the owner, and unknown failures', () => {
    const forbidden = new UploadError('start-failed', 'HTTP 403', { status: 403 });
    expect(uploadErrorText(t(), forbidden)).toBe(
      'Nur die Organisation, der dieser Inhalt gehört, kann Dateien hochladen.',
    );
    expect(uploadErrorText(t(), new Error('boom'))).toBe('Der Upload ist fehlgeschlagen.');
  });

  it('gives preview and document uploads the same size message, and says when a preview is no image', () => {
    const tooLarge = new ServerRefusal(413, {
      detail: 'Die Datei ist zu groß. Erlaubt sind höchstens 10,00 MB.',
    });
    expect(storedFileErrorText(t(), 'document', tooLarge)).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 10,00 MB. Bitte wählen Sie eine kleinere Datei.',
    );
    const noReason = new ServerRefusal(400, {});
    expect(storedFileErrorText(t(), 'preview', noReason)).toBe(
      'Die Datei ist kein Bild (PNG, JPEG, WebP oder GIF).',
    );
    expect(storedFileErrorText(t(), 'document', noReason)).toBe('Die Datei konnte nicht hochgeladen werden.');
    expect(storedFileErrorText(t(), 'document', new ServerRefusal(500, { detail: 'Interner Fehler.' }))).toBe(
      'Die Datei konnte nicht hochgeladen werden.',
    );
    // An empty body becomes `{detail: 'HTTP 502 …'}` (errorBodyMiddleware): a status, not a reason.
    expect(
      storedFileErrorText(t(), 'document', new ServerRefusal(400, { detail: 'HTTP 400 Bad Request' })),
    ).toBe('Die Datei konnte nicht hochgeladen werden.');
    expect(storedFileErrorText(t(), 'document', new Error('offline'))).toBe(
      'Die Datei konnte nicht hochgeladen werden.',
    );
  });

  // The server's words (packages/server, services/content/files.ts and the upload handlers).
  it("shows the server's reason for a refused file: field message first, then detail", () => {
    const wrongType = new ServerRefusal(400, {
      file: [
        'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF-, Office- und Textdateien sowie Bilder.',
      ],
    });
    expect(storedFileErrorText(t(), 'document', wrongType)).toBe(
      'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF-, Office- und Textdateien sowie Bilder.',
    );
    const fakePdf = new ServerRefusal(400, {
      file: ['Die Datei endet auf .pdf, ist aber kein PDF-Dokument.'],
    });
    expect(storedFileErrorText(t(), 'document', fakePdf)).toBe(
      'Die Datei endet auf .pdf, ist aber kein PDF-Dokument.',
    );
    const notImage = new ServerRefusal(400, {
      file: ['Die Datei ist kein Bild. Erlaubt sind PNG, JPEG, WebP und GIF.'],
    });
    expect(storedFileErrorText(t(), 'preview', notImage)).toBe(
      'Die Datei ist kein Bild. Erlaubt sind PNG, JPEG, WebP und GIF.',
    );
    const empty = new ServerRefusal(400, { file: ['Bitte wählen Sie eine Datei aus.'] });
    expect(storedFileErrorText(t(), 'preview', empty)).toBe('Bitte wählen Sie eine Datei aus.');
    const noOrganisation = new ServerRefusal(403, {
      detail: 'Sie gehören keiner Organisation an und können daher keine Dateien hochladen.',
    });
    expect(storedFileErrorText(t(), 'document', noOrganisation)).toBe(
      'Sie gehören keiner Organisation an und können daher keine Dateien hochladen.',
    );
  });

  it("shows the server's reason for a refused upload start or assembly, the generic text otherwise", () => {
    const longName = new UploadError('start-failed', 'HTTP 400', {
      status: 400,
      body: { file_name: ['Der Dateiname darf höchstens 255 Zeichen lang sein.'] },
    });
    expect(uploadErrorText(t(), longName)).toBe('Der Dateiname darf höchstens 255 Zeichen lang sein.');
    const refused = new UploadError('complete-failed', 'HTTP 400', {
      status: 400,
      detail: 'Teil 3 fehlt.',
      body: { detail: 'Teil 3 fehlt.' },
    });
    expect(uploadErrorText(t(), refused)).toBe('Teil 3 fehlt.');
    const serverDown = new UploadError('start-failed', 'HTTP 500', {
      status: 500,
      body: { detail: 'Interner Fehler.' },
    });
    expect(uploadErrorText(t(), serverDown)).toBe('Der Upload konnte nicht gestartet werden.');
    const offline = new UploadError('start-failed', 'network');
    expect(uploadErrorText(t(), offline)).toBe('Der Upload konnte nicht gestartet werden.');
  });

  it('applies the file-name rule of spec §5 with the name in the message', () => {
    expect(fileNameProblem(t(), 'rundgang_360.mp4')).toBeUndefined();
    expect(fileNameProblem(t(), 'Rundgang (neu).mp4')).toBe(
      '„Rundgang (neu).mp4“: Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten. Bitte benennen Sie die Datei um.',
    );
  });
});
