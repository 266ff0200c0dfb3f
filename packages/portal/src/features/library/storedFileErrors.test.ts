import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServerRefusal, serverErrorMessage, serverMessageText } from '../../lib/serverErrors.ts';
import { storedFileErrorText } from './storedFileErrors.ts';

const i18n = i18next.createInstance();
const read = (namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/de/${namespace}.json`, import.meta.url), 'utf8'));
const stored = (kind: 'preview' | 'document', error: unknown) =>
  storedFileErrorText(i18n.getFixedT('de', 'library'), i18n.getFixedT('de', 'common'), kind, error);

beforeAll(async () => {
  await i18n.init({
    lng: 'de',
    resources: { de: { library: read('library'), common: read('common') } },
    interpolation: { escapeValue: false },
  });
});

describe('messages of failed preview and document uploads', () => {
  it('words a coded 413 through the shared server-error translations, for previews and documents', () => {
    const tooBig = {
      detail: 'Die Datei ist zu groß. Erlaubt sind höchstens 10,00 MB.',
      code: 'fileTooLarge',
      params: { maxBytes: 10 * 1024 ** 2 },
    };
    expect(stored('preview', new ServerRefusal(413, tooBig))).toBe(
      serverMessageText(serverErrorMessage(413, tooBig)),
    );
    const quota = {
      detail: 'Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus …',
      code: 'storageQuotaExceeded',
      params: { quotaBytes: 10 * 1024 ** 3, usedBytes: 9.5 * 1024 ** 3 },
    };
    const wording = serverMessageText(serverErrorMessage(413, quota));
    expect(stored('document', new ServerRefusal(413, quota))).toBe(wording);
    expect(wording).not.toContain(quota.detail);
  });

  it('gives preview and document uploads the same size message, and says when a preview is no image', () => {
    const tooLarge = new ServerRefusal(413, {
      detail: 'Die Datei ist zu groß. Erlaubt sind höchstens 10,00 MB.',
    });
    expect(stored('document', tooLarge)).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 10,00 MB. Bitte wählen Sie eine kleinere Datei.',
    );
    const noReason = new ServerRefusal(400, {});
    expect(stored('preview', noReason)).toBe('Die Datei ist kein Bild (PNG, JPEG, WebP oder GIF).');
    expect(stored('document', noReason)).toBe('Die Datei konnte nicht hochgeladen werden.');
    expect(stored('document', new ServerRefusal(500, { detail: 'Interner Fehler.' }))).toBe(
      'Die Datei konnte nicht hochgeladen werden.',
    );
    // An empty body becomes `{detail: 'HTTP 502 …'}` (errorBodyMiddleware): a status, not a reason.
    expect(stored('document', new ServerRefusal(400, { detail: 'HTTP 400 Bad Request' }))).toBe(
      'Die Datei konnte nicht hochgeladen werden.',
    );
    expect(stored('document', new Error('offline'))).toBe('Die Datei konnte nicht hochgeladen werden.');
  });

  // The server's words (packages/server, services/content/files.ts and the upload handlers).
  it("shows the server's reason for a refused file: field message first, then detail", () => {
    const wrongType = new ServerRefusal(400, {
      file: [
        'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF-, Office- und Textdateien sowie Bilder.',
      ],
    });
    expect(stored('document', wrongType)).toBe(
      'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF-, Office- und Textdateien sowie Bilder.',
    );
    const fakePdf = new ServerRefusal(400, {
      file: ['Die Datei endet auf .pdf, ist aber kein PDF-Dokument.'],
    });
    expect(stored('document', fakePdf)).toBe('Die Datei endet auf .pdf, ist aber kein PDF-Dokument.');
    const notImage = new ServerRefusal(400, {
      file: ['Die Datei ist kein Bild. Erlaubt sind PNG, JPEG, WebP und GIF.'],
    });
    expect(stored('preview', notImage)).toBe(
      'Die Datei ist kein Bild. Erlaubt sind PNG, JPEG, WebP und GIF.',
    );
    const empty = new ServerRefusal(400, { file: ['Bitte wählen Sie eine Datei aus.'] });
    expect(stored('preview', empty)).toBe('Bitte wählen Sie eine Datei aus.');
    const noOrganisation = new ServerRefusal(403, {
      detail: 'Sie gehören keiner Organisation an und können daher keine Dateien hochladen.',
    });
    expect(stored('document', noOrganisation)).toBe(
      'Sie gehören keiner Organisation an und können daher keine Dateien hochladen.',
    );
  });
});
