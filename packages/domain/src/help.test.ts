import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, helpAudienceFor, helpHref, helpTopicForPath } from './help.ts';
import { helpAudienceOf, helpTopicOf } from './helpQuery.ts';
import { HELP_TOPIC_TITLES } from './helpTitles.ts';

describe('helpTopicForPath', () => {
  it.each([
    ['/', 'Portal'],
    ['/library', 'Mediathek'],
    ['/library/new', 'Inhalt erstellen'],
    ['/library/42', 'Mediathek - Details'],
    ['/library/42/edit', 'Inhalt bearbeiten'],
    ['/products/devices', 'Produktverwaltung - VR-Brillen'],
    ['/products', 'Produktverwaltung - Allgemein'],
    ['/configurations', 'Produktverwaltung - Wiedergabelisten'],
    ['/configurations/7', 'Wiedergabelisten - Details/Bearbeiten'],
    ['/moderate', 'Moderieren'],
    ['/administration', 'Adminbereich'],
    ['/support', 'Support - Hilfeseite'],
    ['/groups', 'Gruppierungen'],
    ['/groups/new', 'Gruppierung erstellen'],
    ['/groups/3', 'Gruppierung - Details'],
    ['/groups/3/edit', 'Gruppierung bearbeiten'],
  ])('%s → %s', (path, title) => {
    expect(HELP_TOPIC_TITLES[helpTopicForPath(path)]).toBe(title);
  });

  it('returns a stable key, whose title helpTitles.ts holds', () => {
    expect(helpTopicForPath('/library/42/edit')).toBe('library-edit');
    expect(helpTopicForPath('/')).toBe('portal');
    expect(Object.keys(HELP_TOPIC_TITLES).sort()).toEqual(HELP_TOPICS.map((t) => t.key).sort());
  });

  it('ignores trailing slashes, query and hash', () => {
    expect(helpTopicForPath('/library/')).toBe('library');
    expect(helpTopicForPath('/library/new?type=video#top')).toBe('library-new');
    expect(helpTopicForPath('/groups/3/edit/')).toBe('group-edit');
  });

  it('falls back to the closest parent for deeper paths', () => {
    expect(helpTopicForPath('/products/devices/12')).toBe('products-devices');
    expect(helpTopicForPath('/products/licences')).toBe('products');
    expect(helpTopicForPath('/library/42/preview')).toBe('library-detail');
  });

  it('matches whole segments only and falls back to Portal', () => {
    expect(helpTopicForPath('/libraryx')).toBe('portal');
    expect(helpTopicForPath('/impressum')).toBe('portal');
    expect(helpTopicForPath('')).toBe('portal');
  });

  it('maps the dashboard, where /products leads, to Produktverwaltung - Allgemein, and the account pages to Portal', () => {
    expect(helpTopicForPath('/dashboard')).toBe('products');
    expect(helpTopicForPath('/dashboard/playback')).toBe('products');
    expect(helpTopicForPath('/dashboard/profile')).toBe('portal');
    expect(helpTopicForPath('/dashboard/settings')).toBe('portal');
  });

  it('maps the portal routes under /dashboard to the headset and playlist topics', () => {
    expect(HELP_TOPIC_TITLES[helpTopicForPath('/dashboard/devices')]).toBe('Produktverwaltung - VR-Brillen');
    expect(helpTopicForPath('/dashboard/devices/5')).toBe('products-devices');
    expect(helpTopicForPath('/dashboard/configurations')).toBe('configurations');
    expect(helpTopicForPath('/dashboard/configurations/9')).toBe('configuration-detail');
  });

  it('has unique keys and patterns', () => {
    expect(new Set(HELP_TOPICS.map((t) => t.key)).size).toBe(HELP_TOPICS.length);
    expect(new Set(HELP_TOPICS.map((t) => t.pattern)).size).toBe(HELP_TOPICS.length);
  });
});

describe('help audiences and addresses', () => {
  const member = { isAdministrator: false, isKmzUser: false };
  const administrator = { isAdministrator: true, isKmzUser: false };
  const kmzMember = { isAdministrator: false, isKmzUser: true };
  const kmzAdministrator = { isAdministrator: true, isKmzUser: true };

  it('gives administrators their article, and KMZ users theirs only for /products (spec §2)', () => {
    expect(helpAudienceFor('library', member)).toBe('mitglieder');
    expect(helpAudienceFor('library', administrator)).toBe('administratoren');
    expect(helpAudienceFor('library', kmzMember)).toBe('mitglieder');
    expect(helpAudienceFor('library', kmzAdministrator)).toBe('administratoren');
    expect(helpAudienceFor('products', member)).toBe('mitglieder');
    expect(helpAudienceFor('products', administrator)).toBe('administratoren');
    expect(helpAudienceFor('products', kmzMember)).toBe('kmz');
    expect(helpAudienceFor('products', kmzAdministrator)).toBe('kmz');
  });

  it('reads topic and audience of a support address, refusing what the topic does not have', () => {
    expect(helpTopicOf('products-devices')).toBe('products-devices');
    expect(helpTopicOf('unbekannt')).toBeNull();
    expect(helpTopicOf(null)).toBeNull();
    expect(helpAudienceOf('library', 'administratoren')).toBe('administratoren');
    expect(helpAudienceOf('products', 'kmz')).toBe('kmz');
    expect(helpAudienceOf('library', 'kmz')).toBeNull();
    expect(helpAudienceOf('library', null)).toBeNull();
  });

  it('writes the support address with the audience and the section', () => {
    expect(helpHref('library', 'mitglieder')).toBe('/support?thema=library');
    expect(helpHref('library-new', 'administratoren')).toBe(
      '/support?thema=library-new&fuer=administratoren',
    );
    expect(helpHref('products', 'kmz')).toBe('/support?thema=products&fuer=kmz');
    expect(helpHref('products-devices', 'mitglieder', 'offline')).toBe(
      '/support?thema=products-devices#offline',
    );
  });
});
