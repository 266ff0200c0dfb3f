import { asc, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { contentCategories, contents, organisations } from './schema.ts';

const TOPICS = [
  'Vulkane',
  'Regenwald',
  'Mittelalter',
  'Photosynthese',
  'Polarlichter',
  'Ägypten',
  'Stromkreise',
  'Bruchrechnung',
  'Wattenmeer',
  'Römerlager',
  'Zellteilung',
  'Klimawandel',
  'Orchester',
  'Berufsfeld Pflege',
  'Straßenverkehr',
  'Mondlandung',
  'Bienenstock',
  'Kohlebergbau',
  'Großstadt',
  'Ozeane',
];
const KINDS = [
  'Rundgang',
  'Expedition',
  'Experiment',
  'Reportage',
  'Simulation',
  'Zeitreise',
  'Workshop',
  'Quiz',
];
const FORMATS = ['360', '180', '3D180_LR', '3D180_TB', '3D360_TB', null] as const;
const TYPES = ['video', 'video', 'video', 'app', 'webApp'] as const;

/**
 * Adds `count` generated content items (for the performance checks with thousands of items): mostly public
 * KMZ content, some of the other organisations, spread over types, formats, ages, categories and a year of
 * creation dates. Inserted in batches; returns the number added.
 */
export async function seedBulkContent(db: Database, count: number): Promise<number> {
  const orgs = await db.select({ id: organisations.id }).from(organisations).orderBy(asc(organisations.id));
  const categories = await db.select({ id: contentCategories.id }).from(contentCategories);
  if (orgs.length === 0) throw new Error('seed the demo data first');
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(contents);
  const start = Date.UTC(2025, 10, 1);
  const rows: (typeof contents.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const n = (existing?.n ?? 0) + i + 1;
    const type = TYPES[i % TYPES.length] ?? 'video';
    const owner = orgs[i % 10 === 0 ? i % orgs.length : 0];
    const minAge = i % 4 === 0 ? null : 6 + (i % 8);
    rows.push({
      title: `${TOPICS[i % TOPICS.length]} – ${KINDS[Math.floor(i / TOPICS.length) % KINDS.length]} ${n}`,
      description: 'Erzeugter Inhalt für Lasttests.',
      contentType: type,
      packageName: type === 'app' ? `de.bulk.inhalt${n}` : null,
      url: type === 'webApp' ? `https://inhalte.example/${n}` : null,
      file: type === 'webApp' ? null : `/media/demo/bulk-${n}.bin`,
      fileSize: type === 'webApp' ? null : (50 + (i % 40) * 37) * 1024 ** 2,
      duration: type === 'video' ? 60 + (i % 30) * 45 : null,
      format: type === 'webApp' ? null : (FORMATS[i % FORMATS.length] ?? null),
      minAge,
      maxAge: minAge === null ? null : minAge + 4 + (i % 5),
      languages: i % 3 === 0 ? ['de', 'en'] : ['de'],
      categoryId: categories.length ? (categories[i % categories.length]?.id ?? null) : null,
      ownerId: owner?.id ?? orgs[0]!.id,
      isPublic: owner === orgs[0],
      createdAt: new Date(start + i * 4 * 3600 * 1000),
    });
  }
  for (let offset = 0; offset < rows.length; offset += 500) {
    await db.insert(contents).values(rows.slice(offset, offset + 500));
  }
  return rows.length;
}
