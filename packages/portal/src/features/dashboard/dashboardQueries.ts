import { $api } from '../../lib/api.ts';

/**
 * The dashboard's server state: the fleet's counts. The active playlists come from lib/playlists.ts (the headset
 * picker of playback shows the same list, every page of it).
 */

/** The counts follow the fleet while the dashboard is open. */
const SUMMARY_REFRESH_MS = 10_000;

/** The five counts of the caller's headsets (getDeviceSummary): online, offline, low battery, out of sync, outdated. */
export const fleetSummaryQuery = {
  ...$api.queryOptions('get', '/api/v3/mdm/devices/summary/'),
  refetchInterval: SUMMARY_REFRESH_MS,
};
