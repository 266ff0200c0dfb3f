import { readFileSync } from 'node:fs';
import { HELP_TOPIC_TITLES, PORTAL_LANGUAGES } from '@portal/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { breadcrumbText, trails } from './breadcrumbs.ts';
import { ALL_NAMESPACES } from './i18n.ts';

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(
    readFileSync(new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  );
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function valueAt(tree: Tree, path: string): string | Tree | undefined {
  return path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );
}

describe('translation resources', () => {
  it.each(ALL_NAMESPACES)('%s has the same keys in German and English, none empty', (namespace) => {
    const de = load('de', namespace);
    const en = load('en', namespace);
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
    for (const [language, tree] of [
      ['de', de],
      ['en', en],
    ] as const) {
      for (const key of keysOf(tree))
        expect(String(valueAt(tree, key)).trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  it('carries the German texts of the spec word for word', () => {
    const auth = load('de', 'auth');
    const common = load('de', 'common');
    const expected: [Tree, string, string][] = [
      [auth, 'toasts.loginSuccess.title', 'Erfolgreich eingeloggt.'],
      [auth, 'toasts.loginFailed.title', 'Login nicht möglich'],
      [auth, 'toasts.loginFailed.description', 'Bitte prüfen Sie die eingegebene E-Mail und Ihr Passwort.'],
      [auth, 'toasts.loginBlocked.title', 'Login gesperrt'],
      [auth, 'toasts.loginBlocked.description', 'Aus Sicherheitsgründen wurde der Login temporär gesperrt'],
      [auth, 'toasts.logoutSuccess.title', 'Erfolgreich ausgeloggt.'],
      [auth, 'toasts.notLoggedIn.title', 'Sie sind nicht eingeloggt'],
      [auth, 'toasts.notLoggedIn.description', 'Bitte loggen Sie sich ein.'],
      [auth, 'toasts.restricted.title', 'Begrenzter Zugriff'],
      [auth, 'toasts.restricted.description', 'Dieser Bereich kann nur von Administratoren benutzt werden.'],
      [auth, 'toasts.termsAccepted.title', 'Nutzungsbedingungen akzeptiert'],
      [auth, 'toasts.termsFailed.title', 'Unbekannter Fehler'],
      [auth, 'toasts.termsDeclined.title', 'Sie werden ausgeloggt'],
      [auth, 'terms.title', 'Datenschutzerklärung & Nutzungsbedingungen'],
      [auth, 'terms.titleUpdated', 'Aktualisierte Datenschutzerklärung & Nutzungsbedingungen'],
      [auth, 'terms.checkbox', 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.'],
      [auth, 'terms.cancel', 'Abbrechen'],
      [auth, 'terms.accept', 'Akzeptieren'],
      [common, 'comingSoon.title', 'Diese Seite folgt in Kürze.'],
    ];
    for (const [tree, key, text] of expected) expect(valueAt(tree, key), key).toBe(text);
    // Spec §2 support-helper mapping: the help topics' titles, as @portal/domain holds them.
    for (const [key, title] of Object.entries(HELP_TOPIC_TITLES))
      expect(valueAt(common, `help.topics.${key}`), key).toBe(title);
    // Spec §2 breadcrumbs, as whole trails of the routes.
    const label = (key: string) => String(valueAt(common, key));
    expect(breadcrumbText(trails.dashboard, label)).toBe('Dashboard');
    expect(breadcrumbText(trails.configurations, label)).toBe('Dashboard / Konfigurationen');
    expect(breadcrumbText(trails.devices, label)).toBe('Dashboard / Geräte');
    // Spec §8 shows only the beginning of this one ('Bitte probieren Sie es später erneut oder melden ...').
    expect(String(valueAt(auth, 'toasts.termsFailed.description'))).toMatch(
      /^Bitte probieren Sie es später erneut oder melden /,
    );
  });
});

describe('server errors the portal words itself', () => {
  it("read in German exactly as the server's messages", async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'de',
      resources: { de: { common: load('de', 'common') } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
    // packages/server: messages.ts (MESSAGES.auth.tooManyLogins + retryIn, users.lastAdministratorOf, …).
    expect(t.t('serverErrors.loginThrottled', { count: 15 })).toBe(
      'Von Ihrer Netzwerkadresse gab es zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
    );
    expect(t.t('serverErrors.resetMailThrottled', { count: 1 })).toBe(
      'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuchen Sie es in einer Minute erneut.',
    );
    expect(t.t('serverErrors.termsNotAccepted')).toBe(
      'Bitte akzeptieren Sie zuerst die aktuellen Nutzungsbedingungen. Erst danach können Sie das Portal nutzen.',
    );
    // packages/server: infra/admission.ts ServerBusyError.
    expect(t.t('serverErrors.serverBusy', { count: 5 })).toBe(
      'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in 5 Sekunden erneut.',
    );
    expect(t.t('serverErrors.serverBusy', { count: 1 })).toBe(
      'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in einer Sekunde erneut.',
    );
    expect(t.t('serverErrors.invitationsThrottled', { count: 42 })).toBe(
      'Ihre Organisation hat in kurzer Zeit zu viele Einladungen verschickt. Bitte versuchen Sie es in 42 Minuten erneut.',
    );
    expect(t.t('serverErrors.alreadyMember', { email: 'lehrer@schule.example' })).toBe(
      'lehrer@schule.example ist bereits Mitglied dieser Organisation.',
    );
    expect(t.t('serverErrors.mailNotSent')).toBe(
      'Die Einladung konnte nicht per E-Mail verschickt werden. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Betrieb des Portals.',
    );
    expect(t.t('serverErrors.lastAdministrator', { organisation: 'Gymnasium Demo' })).toBe(
      'Sie sind die letzte Administratorin bzw. der letzte Administrator von „Gymnasium Demo“. Bitte ernennen Sie zuerst ein anderes Mitglied zur Administratorin oder zum Administrator.',
    );
  });

  it.each(PORTAL_LANGUAGES)(
    'have a plural form for one and for several minutes or seconds in %s',
    (language) => {
      const serverErrors = valueAt(load(language, 'common'), 'serverErrors') as Tree;
      for (const code of [
        'loginThrottled',
        'resetMailThrottled',
        'passwordCheckThrottled',
        'invitationsThrottled',
        'serverBusy',
      ]) {
        expect(serverErrors[`${code}_one`], `${code}_one`).toEqual(expect.any(String));
        expect(serverErrors[`${code}_other`], `${code}_other`).toContain('{{count}}');
      }
    },
  );
});
