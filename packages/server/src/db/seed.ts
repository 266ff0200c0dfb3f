import { ORGANISATION_TYPE } from '@portal/domain';
import { count, inArray } from 'drizzle-orm';
import { hashPassword, type PasswordHashCost } from '../infra/passwords.ts';
import type { Database } from './database.ts';
import {
  configurationItems,
  configurationShares,
  configurations,
  contentCategories,
  contentLanguages,
  contentShares,
  contents,
  devices,
  lessonPlanSteps,
  lessonPlans,
  memberships,
  organisations,
  publicationRequests,
  tosVersions,
  users,
} from './schema.ts';
import { seedBulkContent } from './seedBulk.ts';
import {
  DEMO_HEADSETS,
  ensureDeviceTypes,
  insertDemoHeadsets,
  insertDemoOperatingSystem,
  installActivePlaylists,
} from './seedDevices.ts';
import { seedDemoLesson } from './seedLesson.ts';

export const DEMO_PASSWORD = 'portal2026';
const ZFSL_NAME = 'ZfsL Demo';
/** The Gymnasium's administrator: reads its Protokoll (issue 24). */
export const SCHULLEITUNG = {
  email: 'schulleitung@schule.example',
  firstName: 'Jörg',
  lastName: 'Schäfer-Süß',
} as const;
export const TOS_FILE_V1 = '/media/nutzungsbedingungen-v1.pdf';
export const PRIVACY_POLICY_FILE = '/media/datenschutzerklaerung.pdf';

const MiB = 1024 ** 2;

type ContentSeed = {
  title: string;
  description: string;
  contentType: 'app' | 'video' | 'webApp';
  format?: '180' | '3D180_LR' | '3D180_TB' | '360';
  ages?: [number, number];
  category: string;
  languages: string[];
  minutes?: number;
  sizeMiB?: number;
  packageName?: string;
  url?: string;
};

const KMZ_CONTENT: ContentSeed[] = [
  {
    title: 'Unterwegs im Sonnensystem',
    description: 'Ein Flug vorbei an allen Planeten.',
    contentType: 'video',
    format: '360',
    ages: [10, 16],
    category: 'Naturwissenschaften',
    languages: ['de'],
    minutes: 12,
    sizeMiB: 1800,
  },
  {
    title: 'Die Zelle von innen',
    description: 'Zellorganellen zum Anfassen nah.',
    contentType: 'app',
    format: '360',
    ages: [12, 18],
    category: 'Naturwissenschaften',
    languages: ['de', 'en'],
    sizeMiB: 950,
    packageName: 'de.kmz.zelle',
  },
  {
    title: 'Korallenriff',
    description: 'Tauchgang im Great Barrier Reef.',
    contentType: 'video',
    format: '3D180_LR',
    ages: [8, 14],
    category: 'Naturwissenschaften',
    languages: ['de'],
    minutes: 9,
    sizeMiB: 2400,
  },
  {
    title: 'Das antike Rom',
    description: 'Ein Rundgang über das Forum Romanum um 100 n. Chr.',
    contentType: 'app',
    format: '360',
    ages: [11, 16],
    category: 'Geschichte',
    languages: ['de'],
    sizeMiB: 1400,
    packageName: 'de.kmz.rom',
  },
  {
    title: 'Berliner Mauer 1989',
    description: 'Zeitzeugen erzählen vom Mauerfall.',
    contentType: 'video',
    format: '180',
    ages: [14, 18],
    category: 'Geschichte',
    languages: ['de'],
    minutes: 18,
    sizeMiB: 2100,
  },
  {
    title: 'Der Regenwald',
    description: 'Ein Tag im Amazonas-Regenwald.',
    contentType: 'video',
    format: '360',
    category: 'Erdkunde',
    languages: ['de', 'en'],
    minutes: 15,
    sizeMiB: 2600,
  },
  {
    title: 'Vulkane hautnah',
    description: 'Am Kraterrand des Ätna.',
    contentType: 'video',
    format: '3D180_TB',
    ages: [10, 18],
    category: 'Erdkunde',
    languages: ['de'],
    minutes: 7,
    sizeMiB: 1300,
  },
  {
    title: 'Periodensystem interaktiv',
    description: 'Elemente entdecken und kombinieren.',
    contentType: 'webApp',
    ages: [13, 18],
    category: 'Naturwissenschaften',
    languages: ['de'],
    url: 'https://periodensystem.example/vr',
  },
  {
    title: 'Museumsbesuch Kunsthalle',
    description: 'Virtuelle Führung durch die Ausstellung.',
    contentType: 'webApp',
    category: 'Kunst',
    languages: ['de', 'en'],
    url: 'https://kunsthalle.example/rundgang',
  },
  {
    title: 'Orchesterprobe',
    description: 'Mitten im Orchester sitzen.',
    contentType: 'video',
    format: '180',
    ages: [6, 12],
    category: 'Musik',
    languages: ['de'],
    minutes: 11,
    sizeMiB: 1700,
  },
  {
    title: 'Bewerbungsgespräch üben',
    description: 'Training für das erste Vorstellungsgespräch.',
    contentType: 'app',
    format: '360',
    ages: [15, 19],
    category: 'Berufsorientierung',
    languages: ['de'],
    sizeMiB: 620,
    packageName: 'de.kmz.bewerbung',
  },
  {
    title: 'Werkstatt Metallbau',
    description: 'Ein Ausbildungsberuf zum Ausprobieren.',
    contentType: 'video',
    format: '360',
    ages: [14, 18],
    category: 'Berufsorientierung',
    languages: ['de'],
    minutes: 8,
    sizeMiB: 1100,
  },
  {
    title: 'Mondlandung 1969',
    description: 'Die Apollo-11-Mission nacherlebt.',
    contentType: 'video',
    format: '3D180_LR',
    category: 'Geschichte',
    languages: ['de', 'en'],
    minutes: 14,
    sizeMiB: 2300,
  },
  {
    title: 'Wasserkreislauf',
    description: 'Vom Regentropfen bis zum Meer.',
    contentType: 'app',
    format: '360',
    ages: [8, 12],
    category: 'Naturwissenschaften',
    languages: ['de'],
    sizeMiB: 480,
    packageName: 'de.kmz.wasser',
  },
  {
    title: 'Verkehrserziehung',
    description: 'Sicher über die Kreuzung.',
    contentType: 'app',
    format: '360',
    ages: [6, 10],
    category: 'Sachunterricht',
    languages: ['de'],
    sizeMiB: 350,
    packageName: 'de.kmz.verkehr',
  },
  {
    title: 'Bauernhof erleben',
    description: 'Ein Morgen im Stall.',
    contentType: 'video',
    format: '180',
    ages: [6, 10],
    category: 'Sachunterricht',
    languages: ['de'],
    minutes: 6,
    sizeMiB: 900,
  },
  {
    title: 'Nordseeküste',
    description: 'Wattwanderung bei Ebbe.',
    contentType: 'video',
    format: '3D180_TB',
    category: 'Erdkunde',
    languages: ['de'],
    minutes: 10,
    sizeMiB: 1500,
  },
  {
    title: 'Geometrie im Raum',
    description: 'Körper drehen, schneiden und vermessen.',
    contentType: 'app',
    format: '360',
    ages: [12, 16],
    category: 'Mathematik',
    languages: ['de', 'en'],
    sizeMiB: 410,
    packageName: 'de.kmz.geometrie',
  },
  {
    title: 'Sprachreise London',
    description: 'Alltagsenglisch an der Themse.',
    contentType: 'video',
    format: '360',
    ages: [11, 15],
    category: 'Sprachen',
    languages: ['en'],
    minutes: 13,
    sizeMiB: 1900,
  },
  {
    title: 'Erste Hilfe',
    description: 'Die stabile Seitenlage Schritt für Schritt.',
    contentType: 'webApp',
    ages: [12, 99],
    category: 'Sachunterricht',
    languages: ['de'],
    url: 'https://erstehilfe.example/vr',
  },
  {
    title: 'Kölner Dom',
    description: 'Vom Portal bis zur Turmspitze.',
    contentType: 'video',
    format: '360',
    category: 'Kunst',
    languages: ['de'],
    minutes: 9,
    sizeMiB: 1400,
  },
  {
    title: 'Klimawandel in der Arktis',
    description: 'Schmelzende Gletscher vor Ort.',
    contentType: 'video',
    format: '180',
    ages: [12, 18],
    category: 'Erdkunde',
    languages: ['de', 'en'],
    minutes: 16,
    sizeMiB: 2200,
  },
];

const GYMNASIUM_CONTENT: ContentSeed[] = [
  {
    title: 'Chemielabor Sicherheitseinweisung',
    description: 'Eigene Aufnahme des Fachbereichs Chemie.',
    contentType: 'video',
    format: '360',
    ages: [12, 18],
    category: 'Naturwissenschaften',
    languages: ['de'],
    minutes: 5,
    sizeMiB: 700,
  },
  {
    title: 'Schulhausrundgang',
    description: 'Unsere Schule für neue Fünftklässler.',
    contentType: 'video',
    format: '180',
    ages: [9, 11],
    category: 'Sachunterricht',
    languages: ['de'],
    minutes: 4,
    sizeMiB: 600,
  },
  {
    title: 'Projektwoche Theater',
    description: 'Aufzeichnung der Abschlussvorstellung.',
    contentType: 'video',
    format: '3D180_LR',
    category: 'Kunst',
    languages: ['de'],
    minutes: 42,
    sizeMiB: 5200,
  },
  {
    title: 'Physik-Experimente Optik',
    description: 'Versuche zur Lichtbrechung.',
    contentType: 'app',
    format: '360',
    ages: [13, 17],
    category: 'Naturwissenschaften',
    languages: ['de'],
    sizeMiB: 300,
    packageName: 'de.gymnasium.optik',
  },
  {
    title: 'Exkursion Neanderthal',
    description: 'Gemeinsam mit der ZfsL entwickelte Lerneinheit.',
    contentType: 'video',
    format: '3D180_TB',
    ages: [10, 14],
    category: 'Geschichte',
    languages: ['de'],
    minutes: 20,
    sizeMiB: 2500,
  },
];

const ZFSL_CONTENT: ContentSeed[] = [
  {
    title: 'Unterrichtsbeobachtung Mathematik',
    description: 'Hospitation in einer 7. Klasse.',
    contentType: 'video',
    format: '360',
    category: 'Mathematik',
    languages: ['de'],
    minutes: 25,
    sizeMiB: 3000,
  },
  {
    title: 'Classroom Management',
    description: 'Schwierige Situationen im Klassenraum trainieren.',
    contentType: 'app',
    format: '360',
    ages: [18, 99],
    category: 'Lehrerbildung',
    languages: ['de', 'en'],
    sizeMiB: 800,
    packageName: 'de.zfsl.classroom',
  },
  {
    title: 'Elterngespräch simulieren',
    description: 'Gesprächsführung für Referendarinnen und Referendare.',
    contentType: 'webApp',
    category: 'Lehrerbildung',
    languages: ['de'],
    url: 'https://zfsl.example/elterngespraech',
  },
  {
    title: 'Lehrprobe Biologie',
    description: 'Eine Beispielstunde zum Nachbesprechen.',
    contentType: 'video',
    format: '180',
    category: 'Lehrerbildung',
    languages: ['de'],
    minutes: 45,
    sizeMiB: 4800,
  },
  {
    // Large enough (46 GB) that a playlist with it does not fit on a Pico G2 4K (64 GB less 14.78 GB system),
    // so the storage check of the playlists shows on demo data.
    title: 'Schultag in 8K – Rohfassung',
    description: 'Ein ganzer Unterrichtstag, ungeschnitten in 8K. Sehr groß: passt nicht auf jede VR-Brille.',
    contentType: 'video',
    format: '360',
    category: 'Lehrerbildung',
    languages: ['de'],
    minutes: 60,
    sizeMiB: 46 * 1024,
  },
];

type PlaylistSeed = {
  name: string;
  titles: string[];
  sharedWithGymnasium?: boolean;
  /** Active on the organisation's first headset, or on every one of its headsets (a class set holds one list). */
  active?: 'first' | 'all';
};

/**
 * Demo playlists per organisation: titles the owner may see (its own, public or shared with it). The first list of
 * each organisation is active: on the KMZ's and the ZfsL's first headset, and on the Gymnasium's whole class set,
 * which therefore holds its items and can play them in a lesson at once; the ZfsL shares one with the Gymnasium.
 */
const PLAYLISTS: Record<'kmz' | 'gymnasium' | 'zfsl', PlaylistSeed[]> = {
  kmz: [
    {
      name: 'Naturwissenschaften Klasse 7',
      titles: ['Unterwegs im Sonnensystem', 'Die Zelle von innen', 'Wasserkreislauf', 'Korallenriff'],
      active: 'first',
    },
    { name: 'Geschichte erleben', titles: ['Das antike Rom', 'Berliner Mauer 1989', 'Mondlandung 1969'] },
    { name: 'Berufsorientierung', titles: ['Bewerbungsgespräch üben', 'Werkstatt Metallbau'] },
  ],
  gymnasium: [
    {
      name: 'Projektwoche Naturwissenschaften',
      titles: ['Chemielabor Sicherheitseinweisung', 'Physik-Experimente Optik', 'Unterwegs im Sonnensystem'],
      active: 'all',
    },
    { name: 'Tag der offenen Tür', titles: ['Schulhausrundgang', 'Projektwoche Theater', 'Kölner Dom'] },
    { name: 'Erdkunde 8b', titles: ['Der Regenwald', 'Vulkane hautnah', 'Nordseeküste'] },
  ],
  zfsl: [
    {
      name: 'Seminar Unterrichtsbeobachtung',
      titles: ['Unterrichtsbeobachtung Mathematik', 'Lehrprobe Biologie', 'Elterngespräch simulieren'],
      active: 'first',
    },
    {
      name: 'Fortbildung Klassenführung',
      titles: ['Classroom Management', 'Erste Hilfe'],
      sharedWithGymnasium: true,
    },
  ],
};

/**
 * The Gymnasium's lesson plans (Unterrichtsablauf, issue 26): the first plays the items of its active playlist, so it
 * runs on the class set at once; the second's items are on no headset, so its readiness check offers the fix.
 */
const LESSON_PLANS: { name: string; steps: { title: string; note: string; minutes: number }[] }[] = [
  {
    name: 'Physik 9a: Licht und Planeten',
    steps: [
      {
        title: 'Chemielabor Sicherheitseinweisung',
        note: 'Vorher die Laborregeln an der Tafel wiederholen.',
        minutes: 8,
      },
      {
        title: 'Physik-Experimente Optik',
        note: 'Die Gruppen notieren, wie sich der Strahl an der Linse bricht.',
        minutes: 15,
      },
      {
        title: 'Unterwegs im Sonnensystem',
        note: 'Danach: Welcher Planet war am weitesten entfernt?',
        minutes: 12,
      },
    ],
  },
  {
    name: 'Erdkunde 8b: Naturgewalten',
    steps: [
      { title: 'Vulkane hautnah', note: 'Einstieg: Was wissen wir über den Ätna?', minutes: 10 },
      { title: 'Der Regenwald', note: 'Auf die Stockwerke des Waldes achten lassen.', minutes: 15 },
      { title: 'Nordseeküste', note: 'Vergleich Ebbe und Flut im Heft festhalten.', minutes: 10 },
    ],
  },
];

/** Content languages (ISO 639-1) with their German names: the lookup list of listLanguages. */
export const CONTENT_LANGUAGES: { code: string; name: string }[] = [
  { code: 'ar', name: 'Arabisch' },
  { code: 'zh', name: 'Chinesisch' },
  { code: 'da', name: 'Dänisch' },
  { code: 'de', name: 'Deutsch' },
  { code: 'en', name: 'Englisch' },
  { code: 'fa', name: 'Persisch' },
  { code: 'fr', name: 'Französisch' },
  { code: 'el', name: 'Griechisch' },
  { code: 'it', name: 'Italienisch' },
  { code: 'ja', name: 'Japanisch' },
  { code: 'ku', name: 'Kurdisch' },
  { code: 'la', name: 'Latein' },
  { code: 'nl', name: 'Niederländisch' },
  { code: 'pl', name: 'Polnisch' },
  { code: 'pt', name: 'Portugiesisch' },
  { code: 'ro', name: 'Rumänisch' },
  { code: 'ru', name: 'Russisch' },
  { code: 'sv', name: 'Schwedisch' },
  { code: 'es', name: 'Spanisch' },
  { code: 'tr', name: 'Türkisch' },
  { code: 'uk', name: 'Ukrainisch' },
];

/** Lookup lists every database needs, also one seeded before they existed; idempotent, runs on every start. */
export async function ensureLookups(db: Database): Promise<void> {
  await db.insert(contentLanguages).values(CONTENT_LANGUAGES).onConflictDoNothing();
  await ensureDeviceTypes(db);
}

/**
 * Seeds the demo data of the README when the database holds no organisation yet, and `bulkContentCount` generated
 * items after it (SEED_CONTENT_COUNT, for performance checks). Returns whether it seeded. `passwordHashCost` is for
 * the tests' demo-data snapshot only (src/test/databaseSnapshot.ts): the server seeds at the production cost.
 */
export async function seedIfEmpty(
  db: Database,
  options: { bulkContentCount?: number; passwordHashCost?: PasswordHashCost } = {},
): Promise<boolean> {
  await ensureLookups(db);
  const [existing] = await db.select({ n: count() }).from(organisations);
  if ((existing?.n ?? 0) > 0) return false;
  await seedDemoData(db, options.passwordHashCost);
  const bulk = options.bulkContentCount ?? 0;
  if (bulk > 0) await seedBulkContent(db, bulk);
  return true;
}

export async function seedDemoData(db: Database, passwordHashCost?: PasswordHashCost): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, passwordHashCost);
  await db.transaction(async (tx) => {
    await tx
      .insert(tosVersions)
      .values({ version: 1, file: TOS_FILE_V1, privacyPolicyFile: PRIVACY_POLICY_FILE });

    const [kmz, gymnasium, zfsl] = await tx
      .insert(organisations)
      .values([
        { name: 'Kreismedienzentrum Demo', organisationType: ORGANISATION_TYPE.kmz },
        { name: 'Gymnasium Demo', organisationType: ORGANISATION_TYPE.school, msbSchoolNumber: '123456' },
        { name: ZFSL_NAME, organisationType: ORGANISATION_TYPE.zfsl },
      ])
      .returning({ id: organisations.id });
    if (!kmz || !gymnasium || !zfsl) throw new Error('seed: organisations not created');

    // The same hash for all demo users keeps the first start fast; every real password gets its own salt.
    const [admin, lehrer, zfslUser, neu, , schulleitung] = await tx
      .insert(users)
      .values([
        {
          email: 'admin@kmz.example',
          firstName: 'Anna',
          lastName: 'Admin',
          passwordHash,
          acceptedTosVersion: 1,
          isContentAdmin: true,
        },
        {
          email: 'lehrer@schule.example',
          firstName: 'Lars',
          lastName: 'Lehrer',
          passwordHash,
          acceptedTosVersion: 1,
        },
        {
          email: 'zfsl@zfsl.example',
          firstName: 'Zoe',
          lastName: 'Seminar',
          passwordHash,
          acceptedTosVersion: 1,
        },
        {
          email: 'neu@schule.example',
          firstName: 'Nina',
          lastName: 'Neu',
          passwordHash,
          acceptedTosVersion: null,
        },
        // Portal staff without an organisation: publishes terms versions (publishTos).
        {
          email: 'staff@vr-portal.example',
          firstName: 'Stefan',
          lastName: 'Support',
          passwordHash,
          acceptedTosVersion: 1,
          isStaff: true,
        },
        // The Gymnasium's administrator (issue 24): reads its Protokoll. A name with ä, ö, ü and ß, as German names
        // have them, so the export shows that they arrive intact.
        { ...SCHULLEITUNG, passwordHash, acceptedTosVersion: 1 },
      ])
      .returning({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      });
    if (!admin || !lehrer || !zfslUser || !neu || !schulleitung) throw new Error('seed: users not created');

    await tx.insert(memberships).values([
      { userId: admin.id, organisationId: kmz.id, isAdministrator: true },
      { userId: lehrer.id, organisationId: gymnasium.id, isAdministrator: false },
      { userId: zfslUser.id, organisationId: zfsl.id, isAdministrator: false },
      { userId: neu.id, organisationId: gymnasium.id, isAdministrator: false },
      { userId: schulleitung.id, organisationId: gymnasium.id, isAdministrator: true },
    ]);

    const headsets = await insertDemoHeadsets(tx, { kmz: kmz.id, gymnasium: gymnasium.id, zfsl: zfsl.id });

    const categoryNames = [
      ...new Set([...KMZ_CONTENT, ...GYMNASIUM_CONTENT, ...ZFSL_CONTENT].map((c) => c.category)),
    ].sort();
    const categories = await tx
      .insert(contentCategories)
      .values(categoryNames.map((name) => ({ name })))
      .returning({ id: contentCategories.id, name: contentCategories.name });
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));

    // Creation dates one day apart, newest first in the list above, so '-created_at' is stable and meaningful.
    const start = Date.UTC(2026, 9, 1, 9, 0);
    let day = 0;
    const rows = (seeds: ContentSeed[], ownerId: number, isPublic: boolean) =>
      seeds.map((c) => {
        day += 1;
        return {
          title: c.title,
          description: c.description,
          contentType: c.contentType,
          packageName: c.packageName ?? null,
          url: c.url ?? null,
          file:
            c.contentType === 'webApp'
              ? null
              : `/media/demo/${c.packageName ?? c.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.bin`,
          fileSize: c.sizeMiB ? c.sizeMiB * MiB : null,
          duration: c.minutes ? c.minutes * 60 : null,
          format: c.format ?? null,
          minAge: c.ages?.[0] ?? null,
          maxAge: c.ages?.[1] ?? null,
          languages: c.languages,
          categoryId: categoryId.get(c.category) ?? null,
          // A small picture of the subject with the type's mark (assets/previews, drawn by scripts/demo-previews.mjs).
          previewImage: `/media/previews/${c.category.toLowerCase()}-${c.contentType}.png`,
          ownerId,
          isPublic,
          createdAt: new Date(start + (60 - day) * 24 * 3600 * 1000),
        };
      });
    const inserted = await tx
      .insert(contents)
      .values([
        ...rows(KMZ_CONTENT, kmz.id, true),
        ...rows(GYMNASIUM_CONTENT, gymnasium.id, false),
        ...rows(ZFSL_CONTENT, zfsl.id, false),
      ])
      .returning({ id: contents.id, uuid: contents.uuid, title: contents.title });
    const item = (title: string) => {
      const row = inserted.find((c) => c.title === title);
      if (!row) throw new Error(`seed: content ${title} missing`);
      return row;
    };
    const id = (title: string) => item(title).id;
    await tx.insert(contentShares).values([
      { contentId: id('Exkursion Neanderthal'), organisationId: zfsl.id },
      { contentId: id('Physik-Experimente Optik'), organisationId: zfsl.id },
      { contentId: id('Classroom Management'), organisationId: gymnasium.id },
    ]);

    for (const [key, ownerId] of [
      ['kmz', kmz.id],
      ['gymnasium', gymnasium.id],
      ['zfsl', zfsl.id],
    ] as const) {
      const lists = await tx
        .insert(configurations)
        .values(
          PLAYLISTS[key].map((p, i) => ({
            name: p.name,
            ownerId,
            activeState: p.active !== undefined,
            positionNumber: i + 1,
          })),
        )
        .returning({ id: configurations.id });
      await tx.insert(configurationItems).values(
        PLAYLISTS[key].flatMap((p, i) =>
          p.titles.map((title, position) => ({
            configurationId: lists[i]!.id,
            contentId: id(title),
            positionNumber: position + 1,
          })),
        ),
      );
      const shared = PLAYLISTS[key].flatMap((p, i) => (p.sharedWithGymnasium ? [lists[i]!.id] : []));
      if (shared.length > 0) {
        await tx
          .insert(configurationShares)
          .values(shared.map((configurationId) => ({ configurationId, organisationId: gymnasium.id })));
      }
      // The active list runs on the organisation's first headset (or all of them), so sdmDevices and isSynced
      // show something.
      const own = headsets.filter((h) => h.organisationId === ownerId);
      const active = PLAYLISTS[key].findIndex((p) => p.active);
      const runsOn = PLAYLISTS[key][active]?.active === 'all' ? own : own.slice(0, 1);
      if (runsOn.length > 0 && active >= 0) {
        await tx
          .update(devices)
          .set({ activeConfigurationId: lists[active]!.id })
          .where(
            inArray(
              devices.id,
              runsOn.map((h) => h.id),
            ),
          );
      }
    }
    const plans = await tx
      .insert(lessonPlans)
      .values(LESSON_PLANS.map((plan) => ({ name: plan.name, ownerId: gymnasium.id })))
      .returning({ id: lessonPlans.id });
    await tx.insert(lessonPlanSteps).values(
      LESSON_PLANS.flatMap((plan, i) =>
        plan.steps.map((step, position) => ({
          lessonPlanId: plans[i]!.id,
          contentId: id(step.title),
          positionNumber: position + 1,
          note: step.note,
          plannedMinutes: step.minutes,
        })),
      ),
    );
    // Moderieren: one proposal of a teacher waits in the review queue (before the Protokoll's demo morning, which
    // holds only that morning's entries).
    const proposed = item(SEED_PROPOSAL.title);
    await tx.insert(publicationRequests).values({
      contentId: proposed.id,
      note: SEED_PROPOSAL.note,
      requestedBy: lehrer.id,
    });

    const kmzFirst = headsets.find((h) => h.organisationId === kmz.id);
    if (kmzFirst) await installActivePlaylists(tx, kmzFirst.id);
    await insertDemoOperatingSystem(tx);

    const classSet = DEMO_HEADSETS.flatMap((h, i) => {
      const stored = headsets[i];
      return h.owner === 'gymnasium' && stored ? [{ ...h, id: stored.id }] : [];
    });
    await seedDemoLesson(
      tx,
      {
        organisationId: gymnasium.id,
        zfsl: { id: zfsl.id, name: ZFSL_NAME },
        schulleitung,
        lehrer,
        neu,
      },
      classSet,
      { shared: item('Exkursion Neanderthal'), video: item('Unterwegs im Sonnensystem') },
    );
  });
}

/** The demo's waiting proposal (Moderieren): a Gymnasium item a teacher proposed for every school. */
const SEED_PROPOSAL = {
  title: 'Projektwoche Theater',
  note: 'Unsere Theater-AG hat das mit viel Mühe gedreht – bestimmt auch für andere Schulen spannend.',
};

/** Titles the tests rely on to prove organisation scoping. */
export const SEED_FACTS = {
  gymnasiumPrivateTitle: 'Chemielabor Sicherheitseinweisung',
  /** Waits in the review queue, proposed by lehrer@schule.example. */
  pendingProposal: SEED_PROPOSAL,
  gymnasiumSharedWithZfslTitle: 'Exkursion Neanderthal',
  zfslSharedWithGymnasiumTitle: 'Classroom Management',
  zfslPrivateTitle: 'Lehrprobe Biologie',
  /** A ZfsL video of 46 GB: a playlist with it does not fit on a Pico G2 4K. */
  zfslLargeTitle: 'Schultag in 8K – Rohfassung',
  publicContentCount: KMZ_CONTENT.length,
  /** Playlist names per organisation, in their default order (positionNumber). */
  playlists: {
    kmz: PLAYLISTS.kmz.map((p) => p.name),
    gymnasium: PLAYLISTS.gymnasium.map((p) => p.name),
    zfsl: PLAYLISTS.zfsl.map((p) => p.name),
  },
  zfslPlaylistSharedWithGymnasium: 'Fortbildung Klassenführung',
  /** The Gymnasium's lesson plans, by name. */
  gymnasiumLessonPlans: LESSON_PLANS.map((plan) => plan.name),
  totalContentCount: KMZ_CONTENT.length + GYMNASIUM_CONTENT.length + ZFSL_CONTENT.length,
} as const;
