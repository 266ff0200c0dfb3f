import type { TestProject } from 'vitest/node';
import { readTestDatabaseUrl } from '../config.ts';
import { buildPgliteSnapshot, buildPostgresTemplate, type Snapshot } from './databaseSnapshot.ts';

/**
 * Vitest's global set-up of the unit project: migrates and seeds the databases every test server copies, once per run
 * (databaseSnapshot.ts), and removes them after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshots: Snapshot[] = [];
  const removeAll = async () => {
    await Promise.all(snapshots.map((snapshot) => snapshot.remove()));
  };
  try {
    const pglite = await buildPgliteSnapshot();
    snapshots.push(pglite);
    project.provide('pgliteSnapshot', pglite.name);
    const adminUrl = readTestDatabaseUrl();
    const postgres = adminUrl ? await buildPostgresTemplate(adminUrl) : undefined;
    if (postgres) snapshots.push(postgres);
    project.provide('postgresTemplate', postgres?.name);
  } catch (error) {
    await removeAll();
    throw error;
  }
  return removeAll;
}
