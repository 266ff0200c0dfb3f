import { readFileSync } from 'node:fs';
import { UploadError } from '@portal/api';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverErrorMessage, serverMessageText } from '../../lib/serverErrors.ts';
import { ServerRefusal } from './serverRefusal.ts';
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
    const badImage = new ServerRefusal(400, { file: ['Kein Bild.'] });
    expect(storedFileErrorText(t(), 'preview', badImage)).toBe(
      'Die Datei ist kein Bild (PNG, JPEG oder WebP).',
    );
    expect(storedFileErrorText(t(), 'document', badImage)).toBe('Die Datei konnte nicht hochgeladen werden.');
  });

  it('applies the file-name rule of spec §5 with the name in the message', () => {
    expect(fileNameProblem(t(), 'rundgang_360.mp4')).toBeUndefined();
    expect(fileNameProblem(t(), 'Rundgang (neu).mp4')).toBe(
      '„Rundgang (neu).mp4“: Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten. Bitte benennen Sie die Datei um.',
    );
  });
});
