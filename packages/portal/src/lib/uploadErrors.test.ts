import { readFileSync } from 'node:fs';
import { UploadError } from '@portal/api';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverErrorMessage, serverMessageText } from './serverErrors.ts';
import { fileNameProblem, uploadErrorText } from './uploadErrors.ts';

const i18n = i18next.createInstance();
const t = () => i18n.getFixedT('de', 'common');
/** Who may upload, as the page says it (the Mediathek's words here). */
const FORBIDDEN = 'Nur die Organisation, der dieser Inhalt gehört, kann Dateien hochladen.';

beforeAll(async () => {
  const common = JSON.parse(
    readFileSync(new URL('../../public/locales/de/common.json', import.meta.url), 'utf8'),
  );
  await i18n.init({ lng: 'de', resources: { de: { common } }, interpolation: { escapeValue: false } });
});

// The server's words for its limit (packages/server: uploads and files).
const LIMIT_DETAIL = 'Die Datei ist zu groß. Erlaubt sind höchstens 20,00 GB.';

describe('messages of failed uploads', () => {
  it("names the server's size limit and what to do on 413", () => {
    const refused = new UploadError('start-failed', 'HTTP 413', { status: 413, detail: LIMIT_DETAIL });
    expect(uploadErrorText(t(), refused, FORBIDDEN)).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 20,00 GB. Bitte wählen Sie eine kleinere Datei.',
    );
    const atTheEnd = new UploadError('complete-failed', 'HTTP 413', { status: 413, detail: LIMIT_DETAIL });
    expect(uploadErrorText(t(), atTheEnd, FORBIDDEN)).toContain('höchstens 20,00 GB');
    const withoutDetail = new UploadError('start-failed', 'HTTP 413', { status: 413 });
    expect(uploadErrorText(t(), withoutDetail, FORBIDDEN)).toBe(
      'Die Datei ist größer, als der Server erlaubt. Bitte wählen Sie eine kleinere Datei.',
    );
  });

  it('words a coded 413 through the shared server-error translations', () => {
    const body = { detail: LIMIT_DETAIL, code: 'fileTooLarge', params: { maxBytes: 20 * 1024 ** 3 } };
    const wording = serverMessageText(serverErrorMessage(413, body));
    const refused = new UploadError('start-failed', 'HTTP 413', { status: 413, detail: LIMIT_DETAIL, body });
    expect(uploadErrorText(t(), refused, FORBIDDEN)).toBe(wording);
    expect(wording).not.toContain(LIMIT_DETAIL);
  });

  it("words a file beyond the organisation's storage the same way, at start and at completion", () => {
    const body = {
      detail: 'Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus …',
      code: 'storageQuotaExceeded',
      params: { quotaBytes: 10 * 1024 ** 3, usedBytes: 9.5 * 1024 ** 3 },
    };
    const wording = serverMessageText(serverErrorMessage(413, body));
    for (const code of ['start-failed', 'complete-failed'] as const) {
      const refused = new UploadError(code, 'HTTP 413', { status: 413, detail: body.detail, body });
      expect(uploadErrorText(t(), refused, FORBIDDEN)).toBe(wording);
    }
    // The portal's own words (in the user's language), not the server's German detail.
    expect(wording).not.toContain(body.detail);
  });

  it('keeps a part over the part size apart from a file over the limit', () => {
    const part = new UploadError('part-failed', 'HTTP 413', {
      status: 413,
      detail: 'Dieser Teil ist größer.',
    });
    expect(uploadErrorText(t(), part, FORBIDDEN)).toMatch(/^Ein Teil der Datei konnte/);
  });

  it('explains a refused start with the page’s words for who may upload, and unknown failures', () => {
    const forbidden = new UploadError('start-failed', 'HTTP 403', { status: 403 });
    expect(uploadErrorText(t(), forbidden, FORBIDDEN)).toBe(
      'Nur die Organisation, der dieser Inhalt gehört, kann Dateien hochladen.',
    );
    expect(uploadErrorText(t(), new Error('boom'), FORBIDDEN)).toBe('Der Upload ist fehlgeschlagen.');
  });

  it("shows the server's reason for a refused upload start or assembly, the generic text otherwise", () => {
    const longName = new UploadError('start-failed', 'HTTP 400', {
      status: 400,
      body: { file_name: ['Der Dateiname darf höchstens 255 Zeichen lang sein.'] },
    });
    expect(uploadErrorText(t(), longName, FORBIDDEN)).toBe(
      'Der Dateiname darf höchstens 255 Zeichen lang sein.',
    );
    const refused = new UploadError('complete-failed', 'HTTP 400', {
      status: 400,
      detail: 'Teil 3 fehlt.',
      body: { detail: 'Teil 3 fehlt.' },
    });
    expect(uploadErrorText(t(), refused, FORBIDDEN)).toBe('Teil 3 fehlt.');
    const serverDown = new UploadError('start-failed', 'HTTP 500', {
      status: 500,
      body: { detail: 'Interner Fehler.' },
    });
    expect(uploadErrorText(t(), serverDown, FORBIDDEN)).toBe('Der Upload konnte nicht gestartet werden.');
    const offline = new UploadError('start-failed', 'network');
    expect(uploadErrorText(t(), offline, FORBIDDEN)).toBe('Der Upload konnte nicht gestartet werden.');
  });

  it('applies the file-name rule of spec §5 with the name in the message', () => {
    expect(fileNameProblem(t(), 'rundgang_360.mp4')).toBeUndefined();
    expect(fileNameProblem(t(), 'Rundgang (neu).mp4')).toBe(
      '„Rundgang (neu).mp4“: Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten. Bitte benennen Sie die Datei um.',
    );
  });
});
