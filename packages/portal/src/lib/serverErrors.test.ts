import { describe, expect, it } from 'vitest';
import {
  answerOf,
  errorDetail,
  fieldError,
  isKnownServerMessage,
  refusalDetail,
  ServerRefusal,
  serverErrorMessage,
  serverFieldMessage,
  serverMessageText,
  serverMessageToast,
} from './serverErrors.ts';

describe('server errors through the translations', () => {
  it('words a known code itself, with the values of its params', () => {
    const body = {
      detail: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
      code: 'loginThrottled',
      params: { minutes: 15 },
    };
    const message = serverErrorMessage(429, body);
    expect(message).toEqual({ key: 'common:serverErrors.loginThrottled', values: { count: 15 } });
    expect(isKnownServerMessage(message)).toBe(true);
    expect(
      serverErrorMessage(409, {
        detail: 'x',
        code: 'lastAdministrator',
        params: { organisation: 'ZfsL Demo' },
      }),
    ).toEqual({ key: 'common:serverErrors.lastAdministrator', values: { organisation: 'ZfsL Demo' } });
  });

  it('words a command the headset software is too old for, for one headset and for several', () => {
    const one = {
      detail: 'x',
      code: 'softwareTooOld',
      params: { command: 'CMD.MUTE', requiredVersion: '4.9.4', softwareVersion: '4.2.3' },
    };
    expect(serverErrorMessage(409, one)).toEqual({
      key: 'common:serverErrors.softwareTooOld',
      values: { version: '4.9.4', installed: '4.2.3' },
    });
    expect(
      serverErrorMessage(409, { ...one, params: { ...one.params, softwareVersion: 'unbekannt' } }),
    ).toEqual({
      key: 'common:serverErrors.softwareTooOldUnknown',
      values: { version: '4.9.4' },
    });
    const many = {
      detail: 'x',
      code: 'softwareTooOld',
      params: { requiredVersion: '4.7.0', devices: 'Altair, Rigel' },
    };
    expect(serverErrorMessage(409, many)).toEqual({
      key: 'common:serverErrors.softwareTooOldMany',
      values: { version: '4.7.0', devices: 'Altair, Rigel' },
    });
    expect(
      serverErrorMessage(429, { detail: 'x', code: 'tooManyOpenCommands', params: { limit: 100 } }),
    ).toEqual({
      key: 'common:serverErrors.tooManyOpenCommands',
      values: { limit: 100 },
    });
  });

  it('words the refusal before the terms are accepted (no params)', () => {
    const body = { detail: 'Bitte akzeptieren Sie zuerst …', code: 'termsNotAccepted' };
    expect(serverErrorMessage(403, body)).toEqual({ key: 'common:serverErrors.termsNotAccepted' });
  });

  it('words a saturated server (503 serverBusy) with the seconds of Retry-After', () => {
    const body = {
      detail: 'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in 5 Sekunden erneut.',
      code: 'serverBusy',
      params: { seconds: 5 },
    };
    expect(serverErrorMessage(503, body)).toEqual({
      key: 'common:serverErrors.serverBusy',
      values: { count: 5 },
    });
    expect(serverErrorMessage(503, { ...body, params: { seconds: 0 } })).toEqual({ text: body.detail });
  });

  it("words an upload over the limit with the limit in the user's number format", () => {
    const body = {
      detail: 'Die Datei ist zu groß. …',
      code: 'fileTooLarge',
      params: { maxBytes: 20 * 1024 ** 3 },
    };
    expect(serverErrorMessage(413, body)).toEqual({
      key: 'common:serverErrors.fileTooLarge',
      values: { max: '20,00 GB' },
    });
    expect(serverErrorMessage(413, { ...body, params: {} })).toEqual({ text: 'Die Datei ist zu groß. …' });
  });

  it("words an upload beyond the organisation's storage with what is in use and the quota", () => {
    const body = {
      detail: 'Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus …',
      code: 'storageQuotaExceeded',
      params: { quotaBytes: 256 * 1024 ** 3, usedBytes: 250 * 1024 ** 3 },
    };
    expect(serverErrorMessage(413, body)).toEqual({
      key: 'common:serverErrors.storageQuotaExceeded',
      values: { used: '250,00 GB', quota: '256,00 GB' },
    });
    expect(serverErrorMessage(413, { ...body, params: { quotaBytes: 1024, usedBytes: 0 } })).toEqual({
      key: 'common:serverErrors.storageQuotaExceeded',
      values: { used: '0 B', quota: '1,00 KB' },
    });
    for (const params of [
      { quotaBytes: 1024 },
      { quotaBytes: 0, usedBytes: 0 },
      { quotaBytes: '1', usedBytes: 1 },
    ]) {
      expect(serverErrorMessage(413, { ...body, params })).toEqual({ text: body.detail });
    }
  });

  it('shows the server text for a known code whose params are missing, and for unknown codes', () => {
    expect(serverErrorMessage(429, { detail: 'Bitte warten.', code: 'loginThrottled' })).toEqual({
      text: 'Bitte warten.',
    });
    expect(serverErrorMessage(429, { detail: 'Bitte warten.', code: 'toString' })).toEqual({
      text: 'Bitte warten.',
    });
  });

  it("uses what the call's status means when the server gives no code", () => {
    const byStatus = { 409: 'settings:errors.lastAdministrator' } as const;
    expect(serverErrorMessage(409, { detail: 'Die Organisation braucht …' }, byStatus)).toEqual({
      key: 'settings:errors.lastAdministrator',
    });
    // A code the portal knows wins over the status.
    expect(
      serverErrorMessage(
        409,
        { detail: 'x', code: 'lastAdministrator', params: { organisation: 'A' } },
        byStatus,
      ),
    ).toMatchObject({ key: 'common:serverErrors.lastAdministrator' });
  });

  it('falls back to the server text, and without one to the generic message', () => {
    const text = serverErrorMessage(500, { detail: 'Ein unerwarteter Fehler ist aufgetreten.' });
    expect(text).toEqual({ text: 'Ein unerwarteter Fehler ist aufgetreten.' });
    expect(isKnownServerMessage(text)).toBe(false);
    const generic = serverErrorMessage(502, undefined);
    expect(generic).toEqual({ key: 'common:errors.unknown.description' });
    expect(isKnownServerMessage(generic)).toBe(false);
  });

  it('maps a field error to the known wording, or shows the server text', () => {
    const body = { email: ['Diese E-Mail-Adresse wird bereits verwendet.'] };
    expect(serverFieldMessage(body, 'email', 'profile:details.errors.emailTaken')).toEqual({
      key: 'profile:details.errors.emailTaken',
    });
    expect(serverFieldMessage(body, 'email')).toEqual({
      text: 'Diese E-Mail-Adresse wird bereits verwendet.',
    });
    expect(serverFieldMessage(body, 'img', 'profile:details.errors.imgInvalid')).toBeUndefined();
  });

  it('hands a toast keys and values, or the text as it is', () => {
    expect(serverMessageToast({ key: 'common:serverErrors.loginThrottled', values: { count: 2 } })).toEqual({
      description: 'common:serverErrors.loginThrottled',
      descriptionValues: { count: 2 },
    });
    expect(serverMessageToast({ text: 'Bitte warten.' })).toEqual({ descriptionText: 'Bitte warten.' });
    expect(serverMessageText({ text: 'Bitte warten.' })).toBe('Bitte warten.');
  });
});

describe('error bodies of the contract', () => {
  it('reads a detail', () => {
    expect(errorDetail({ detail: 'Zu viele Versuche.' })).toBe('Zu viele Versuche.');
    expect(errorDetail({ detail: ' ' })).toBeUndefined();
    expect(errorDetail(undefined)).toBeUndefined();
  });

  it('reads the first message of a field', () => {
    expect(fieldError({ email: ['Diese E-Mail-Adresse ist vergeben.', 'x'] }, 'email')).toBe(
      'Diese E-Mail-Adresse ist vergeben.',
    );
    expect(fieldError({ email: ['x'] }, 'password')).toBeUndefined();
    expect(fieldError({ detail: 'y' }, 'email')).toBeUndefined();
  });
});

describe('ServerRefusal', () => {
  it("keeps the server's German detail and the status", () => {
    const refusal = new ServerRefusal(403, { detail: 'Sie gehören dieser Organisation nicht an.' });
    expect(refusal.status).toBe(403);
    expect(refusalDetail(refusal)).toBe('Sie gehören dieser Organisation nicht an.');
  });

  it('has no detail for field errors, empty bodies and other errors', () => {
    expect(refusalDetail(new ServerRefusal(400, { title: ['Zu lang.'] }))).toBeUndefined();
    expect(refusalDetail(new ServerRefusal(500, undefined))).toBeUndefined();
    expect(refusalDetail(new Error('network'))).toBeUndefined();
  });

  it('is what a refused call rejects with; a 2xx answer resolves to its data', async () => {
    const answer = (status: number, data?: unknown, error?: unknown) =>
      Promise.resolve({ data, error, response: new Response(null, { status }) });
    await expect(answerOf(answer(200, { id: 1 }))).resolves.toEqual({ id: 1 });
    const refused = answerOf(answer(409, undefined, { detail: 'Schon vorhanden.' }));
    await expect(refused).rejects.toBeInstanceOf(ServerRefusal);
    await expect(refused).rejects.toMatchObject({ status: 409, detail: 'Schon vorhanden.' });
  });
});
