import { statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDeviceName, STORAGE_CAPACITY_GB } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { ASSETS_DIR } from '../paths.ts';
import { devices, deviceTypes, operatingSystemDeviceTypes, operatingSystems } from './schema.ts';
import type { Executor } from './sql.ts';

const GiB = 1024 ** 3;

/** The headset models of spec §3 with their capacity (GB of 1024³ bytes, as the portal shows sizes). */
export const DEVICE_TYPES = [
  { name: 'Pico G2 4K', storageTotal: STORAGE_CAPACITY_GB.maxPicoG24K * GiB },
  { name: 'Pico Neo 3 Pro', storageTotal: STORAGE_CAPACITY_GB.neo3Pro * GiB },
  { name: 'Pico G3', storageTotal: STORAGE_CAPACITY_GB.g3 * GiB },
  { name: 'Pico 4', storageTotal: STORAGE_CAPACITY_GB.pico4 * GiB },
] as const;
export type DeviceTypeName = (typeof DEVICE_TYPES)[number]['name'];

/** Idempotent: every start completes the list (and corrects capacities), also in databases seeded earlier. */
export async function ensureDeviceTypes(db: Executor): Promise<void> {
  await db
    .insert(deviceTypes)
    .values([...DEVICE_TYPES])
    .onConflictDoUpdate({ target: deviceTypes.name, set: { storageTotal: sql`excluded.storage_total` } });
}

type Owner = 'kmz' | 'gymnasium' | 'zfsl';

export interface DemoHeadset {
  owner: Owner;
  serialNumber: string;
  name: string;
  model: DeviceTypeName;
  softwareVersion: string;
  batteryLevel: number;
  guidedMode: boolean;
}

/**
 * The Gymnasium's class set of 30: mostly Neo 3 Pro, bought over the years, so models and software differ. Four
 * of them are below 4.5.0 and Altair is below 4.0.1, so every version gate shows somewhere (@portal/domain gates).
 */
function classSetHeadset(i: number): DemoHeadset {
  const model: DeviceTypeName = i % 10 < 6 ? 'Pico Neo 3 Pro' : i % 10 < 8 ? 'Pico G3' : 'Pico 4';
  const byModel = { 'Pico Neo 3 Pro': '4.9.4', 'Pico G3': '4.7.0', 'Pico 4': '5.1.2', 'Pico G2 4K': '4.0.1' };
  const older: Record<number, string> = { 3: '4.0.1', 7: '4.2.3', 12: '3.9.2', 17: '4.5.0', 24: '4.4.0' };
  const softwareVersion = older[i] ?? byModel[model];
  return {
    owner: 'gymnasium',
    serialNumber: `PA7GY${String(i + 1).padStart(4, '0')}`,
    name: defaultDeviceName(i),
    model,
    softwareVersion,
    batteryLevel: 100 - ((i * 17) % 70),
    // The class set runs in guided mode where the software has it.
    guidedMode: softwareVersion !== '3.9.2',
  };
}

const LENDING_CASE: [DeviceTypeName, string][] = [
  ['Pico 4', '5.1.2'],
  ['Pico 4', '5.1.2'],
  ['Pico 4', '4.9.4'],
  ['Pico Neo 3 Pro', '4.9.4'],
  ['Pico Neo 3 Pro', '4.7.0'],
  ['Pico G2 4K', '4.0.1'],
];
const ZFSL_SET: [DeviceTypeName, string][] = [
  ['Pico G3', '4.5.0'],
  ['Pico Neo 3 Pro', '4.9.4'],
  ['Pico 4', '5.1.2'],
  ['Pico G2 4K', '4.2.3'],
];

function smallSet(owner: Owner, prefix: string, set: [DeviceTypeName, string][]): DemoHeadset[] {
  return set.map(([model, softwareVersion], i) => ({
    owner,
    serialNumber: `${prefix}${String(i + 1).padStart(4, '0')}`,
    name: defaultDeviceName(i),
    model,
    softwareVersion,
    batteryLevel: 95 - i * 11,
    guidedMode: false,
  }));
}

/** The demo fleet: the KMZ's lending case of 6, the Gymnasium's class set of 30, 4 at the ZfsL. */
export const DEMO_HEADSETS: DemoHeadset[] = [
  ...smallSet('kmz', 'PA7KM', LENDING_CASE),
  ...Array.from({ length: 30 }, (_, i) => classSetHeadset(i)),
  ...smallSet('zfsl', 'PA7ZF', ZFSL_SET),
];

/**
 * Inserts the demo fleet, last seen some minutes ago (offline until the simulated fleet of `npm start` brings them
 * online). Returns each headset's id and organisation in the order of DEMO_HEADSETS.
 */
export async function insertDemoHeadsets(
  tx: Executor,
  organisationIds: Record<Owner, number>,
): Promise<{ id: number; organisationId: number }[]> {
  const types = await tx.select({ id: deviceTypes.id, name: deviceTypes.name }).from(deviceTypes);
  const typeOf = (name: DeviceTypeName) => {
    const type = types.find((t) => t.name === name);
    if (!type) throw new Error(`seed: device type ${name} missing`);
    return type.id;
  };
  const capacity = (name: DeviceTypeName) => DEVICE_TYPES.find((t) => t.name === name)?.storageTotal ?? 0;
  const now = Date.now();
  return tx
    .insert(devices)
    .values(
      DEMO_HEADSETS.map((h, i) => ({
        serialNumber: h.serialNumber,
        name: h.name,
        deviceTypeId: typeOf(h.model),
        organisationId: organisationIds[h.owner],
        softwareVersion: h.softwareVersion,
        batteryLevel: h.batteryLevel,
        storageTotal: capacity(h.model),
        storageUsed: Math.round(STORAGE_CAPACITY_GB.baseStorageUsed * GiB),
        lastSeen: new Date(now - (3 + (i % 9) * 7) * 60_000),
        guidedMode: h.guidedMode,
        simulated: true,
      })),
    )
    .returning({ id: devices.id, organisationId: devices.organisationId });
}

/**
 * After the playlists exist: headsets with an active playlist hold its items (storage counted), except the KMZ's
 * first, which still lacks the last item and waits for a sync, so `missingContent` shows something.
 */
export async function installActivePlaylists(tx: Executor, kmzHeadsetId: number): Promise<void> {
  const base = Math.round(STORAGE_CAPACITY_GB.baseStorageUsed * GiB);
  await tx.execute(sql`update devices d set
      installed_content = coalesce(held.uuids, '{}'),
      storage_used = ${base} + coalesce(held.bytes, 0)
    from (select d2.id,
        array_agg(c.uuid order by i.position_number) filter (
          where d2.id <> ${kmzHeadsetId} or i.position_number < (select max(position_number)
            from configuration_items where configuration_id = d2.active_configuration_id)) as uuids,
        sum(coalesce(c.file_size, 0)) filter (
          where d2.id <> ${kmzHeadsetId} or i.position_number < (select max(position_number)
            from configuration_items where configuration_id = d2.active_configuration_id)) as bytes
      from devices d2
      join configuration_items i on i.configuration_id = d2.active_configuration_id
      join contents c on c.id = i.content_id
      group by d2.id) held
    where d.id = held.id`);
  await tx.execute(sql`update devices set sync_status = 'pending' where id = ${kmzHeadsetId}`);
}

/**
 * The demo's published operating system image (issue 23): one above the fleet's newest software (5.1.2) for the class
 * set's main model, so 'Software veraltet' shows on the Neo 3 Pro headsets and a rollout works on `npm start`. Its file
 * is a small bundled one (served at /media/demo/ like the other demo files), so the simulated headsets really
 * download it, in a moment.
 */
export const DEMO_OPERATING_SYSTEM = {
  name: 'Pico OS',
  version: '5.3.0',
  model: 'Pico Neo 3 Pro',
  file: '/media/demo/pico-os-5.3.0.img',
  releaseNotes:
    'Demo-Version: Kiosk-Modus startet schneller, Geführter Modus merkt sich die zuletzt gestartete App, ' +
    'Fehlerbehebungen beim Synchronisieren großer Videos.',
} as const satisfies { model: DeviceTypeName } & Record<string, string>;

// The file behind the image's /media/ address, found where paths.ts finds the assets (also from the built server).
const DEMO_OPERATING_SYSTEM_PATH = join(ASSETS_DIR, DEMO_OPERATING_SYSTEM.file.replace(/^\/media\//, ''));

export async function insertDemoOperatingSystem(tx: Executor): Promise<void> {
  const { model, ...image } = DEMO_OPERATING_SYSTEM;
  const [type] = await tx.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.name, model));
  if (!type) throw new Error(`seed: device type ${model} missing`);
  const [row] = await tx
    .insert(operatingSystems)
    .values({ ...image, isPublished: true, fileSize: statSync(DEMO_OPERATING_SYSTEM_PATH).size })
    .returning({ id: operatingSystems.id });
  if (!row) throw new Error('seed: operating system insert returned nothing');
  await tx.insert(operatingSystemDeviceTypes).values({ operatingSystemId: row.id, deviceTypeId: type.id });
}
