import type { HelpTopicKey } from './help.ts';

/** The titles spec §2 gives the help topics ('Produktverwaltung - VR-Brillen'), by key (help.ts). */
export const HELP_TOPIC_TITLES: Readonly<Record<HelpTopicKey, string>> = {
  portal: 'Portal',
  library: 'Mediathek',
  'library-new': 'Inhalt erstellen',
  'library-detail': 'Mediathek - Details',
  'library-edit': 'Inhalt bearbeiten',
  'products-devices': 'Produktverwaltung - VR-Brillen',
  products: 'Produktverwaltung - Allgemein',
  configurations: 'Produktverwaltung - Wiedergabelisten',
  'configuration-detail': 'Wiedergabelisten - Details/Bearbeiten',
  moderate: 'Moderieren',
  administration: 'Adminbereich',
  support: 'Support - Hilfeseite',
  groups: 'Gruppierungen',
  'groups-new': 'Gruppierung erstellen',
  'group-detail': 'Gruppierung - Details',
  'group-edit': 'Gruppierung bearbeiten',
};
