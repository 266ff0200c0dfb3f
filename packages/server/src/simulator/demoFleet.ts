import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { issueEnrolmentCodeFor } from '../services/headsets/index.ts';
import { startControlServer } from './control.ts';
import { type Fleet, type FleetMember, startFleet } from './fleet.ts';
import type { HeldItem, SimulatorSettings } from './model.ts';

export interface DemoFleet {
  fleet: Fleet;
  /** How many headsets it plays. */
  headsets: number;
  /** The control port (switch headsets off and on), when one was asked for. */
  controlPort: number | null;
  stop(): Promise<void>;
}

/**
 * The demo headsets take about as long as real ones to restart (20 s) and update (40 s), so a teacher trying the
 * portal sees them go offline and return; `npm run simulate` and the tests keep the simulator's shorter defaults.
 */
export const DEMO_FLEET_SETTINGS: Partial<SimulatorSettings> = { rebootSeconds: 20, updateSeconds: 40 };

export interface DemoFleetOptions {
  /** The server's own address, e.g. http://127.0.0.1:8080. */
  serverUrl: string;
  settings?: Partial<SimulatorSettings>;
  controlPort?: number | undefined;
  log: (message: string) => void;
}

/**
 * The live demo fleet of `npm start` (started by startServer in app.ts): every headset the seed marked `simulated`
 * is played by the simulator in this process. The server issues each one an enrolment code (as an administrator
 * would) and the simulated headset pairs over HTTP like a real one, then polls, reports and carries out commands.
 * Each starts from what it reported last (version, battery, content), so updates and syncs survive a restart.
 */
export async function startDemoFleet(db: Database, options: DemoFleetOptions): Promise<DemoFleet | null> {
  const result = await db.execute<{
    id: number;
    serial_number: string;
    name: string;
    software_version: string | null;
    battery_level: number | null;
    storage_total: string | null;
    guided_mode: boolean;
    manufacturer_mode: boolean;
    muted: boolean;
    installed: HeldItem[] | null;
  }>(sql`
    select d.id, d.serial_number, d.name, d.software_version, d.battery_level, d.storage_total, d.guided_mode,
      d.manufacturer_mode, d.muted,
      (select json_agg(json_build_object('uuid', c.uuid, 'title', c.title, 'contentType', c.content_type,
          'packageName', c.package_name, 'bytes', coalesce(c.file_size, 0), 'duration', c.duration))
        from contents c where c.uuid = any(d.installed_content)) as installed
    from devices d where d.simulated order by d.id`);
  if (result.rows.length === 0) return null;

  const members: FleetMember[] = [];
  for (const row of result.rows) {
    members.push({
      serialNumber: row.serial_number,
      name: row.name,
      softwareVersion: row.software_version ?? '4.9.4',
      batteryLevel: row.battery_level ?? 100,
      storageTotal: Number(row.storage_total ?? 128 * 1024 ** 3),
      installed: row.installed ?? [],
      guidedMode: row.guided_mode,
      manufacturerMode: row.manufacturer_mode,
      muted: row.muted,
      enrolmentCode: await issueEnrolmentCodeFor(db, row.id),
    });
  }
  const fleet = await startFleet(
    {
      serverUrl: options.serverUrl,
      settings: { ...DEMO_FLEET_SETTINGS, ...options.settings },
      rampMs: 2000,
      log: options.log,
    },
    members,
  );
  const control =
    options.controlPort === undefined ? null : await startControlServer(fleet, options.controlPort);
  return {
    fleet,
    headsets: members.length,
    controlPort: control?.port ?? null,
    async stop() {
      await control?.close();
      await fleet.stop();
    },
  };
}
