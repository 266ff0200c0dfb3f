import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
    for (const key of keysOf(de)) expect(String(valueAt(de, key)).trim()).not.toBe('');
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
      [common, 'breadcrumb.dashboard', 'Dashboard'],
      [common, 'breadcrumb.configurations', 'Konfigurationen'],
      [common, 'breadcrumb.devices', 'Geräte'],
      [common, 'comingSoon.title', 'Diese Seite folgt in Kürze.'],
    ];
    for (const [tree, key, text] of expected) expect(valueAt(tree, key), key).toBe(text);
    // Spec §8 shows only the beginning of this one ('Bitte probieren Sie es später erneut oder melden ...').
    expect(String(valueAt(auth, 'toasts.termsFailed.description'))).toMatch(
      /^Bitte probieren Sie es später erneut oder melden /,
    );
  });
});
