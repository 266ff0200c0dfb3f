import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, helpTopicForPath } from './help.ts';

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
    expect(helpTopicForPath(path).title).toBe(title);
  });

  it('returns a stable key with the title', () => {
    expect(helpTopicForPath('/library/42/edit')).toEqual({ key: 'library-edit', title: 'Inhalt bearbeiten' });
    expect(helpTopicForPath('/')).toEqual({ key: 'portal', title: 'Portal' });
  });

  it('ignores trailing slashes, query and hash', () => {
    expect(helpTopicForPath('/library/')).toEqual({ key: 'library', title: 'Mediathek' });
    expect(helpTopicForPath('/library/new?type=video#top').key).toBe('library-new');
    expect(helpTopicForPath('/groups/3/edit/').key).toBe('group-edit');
  });

  it('falls back to the closest parent for deeper paths', () => {
    expect(helpTopicForPath('/products/devices/12').key).toBe('products-devices');
    expect(helpTopicForPath('/products/licences').key).toBe('products');
    expect(helpTopicForPath('/library/42/preview').key).toBe('library-detail');
  });

  it('matches whole segments only and falls back to Portal', () => {
    expect(helpTopicForPath('/libraryx').key).toBe('portal');
    expect(helpTopicForPath('/impressum').key).toBe('portal');
    expect(helpTopicForPath('').key).toBe('portal');
    expect(helpTopicForPath('/dashboard').key).toBe('portal');
  });

  it('maps the portal routes under /dashboard to the headset and playlist topics', () => {
    expect(helpTopicForPath('/dashboard/devices').title).toBe('Produktverwaltung - VR-Brillen');
    expect(helpTopicForPath('/dashboard/devices/5').key).toBe('products-devices');
    expect(helpTopicForPath('/dashboard/configurations').key).toBe('configurations');
    expect(helpTopicForPath('/dashboard/configurations/9').key).toBe('configuration-detail');
  });

  it('has unique keys and patterns', () => {
    expect(new Set(HELP_TOPICS.map((t) => t.key)).size).toBe(HELP_TOPICS.length);
    expect(new Set(HELP_TOPICS.map((t) => t.pattern)).size).toBe(HELP_TOPICS.length);
  });
});
