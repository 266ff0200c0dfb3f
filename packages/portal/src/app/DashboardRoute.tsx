import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { RunningPlaybackPanel } from '../features/playback/RunningPlayback.tsx';

/**
 * /dashboard: the dashboard feature's page with the running playback of the playback feature in it. Features do not
 * import each other, so the app puts the two together here.
 */
export function Component() {
  return <DashboardPage playback={<RunningPlaybackPanel />} />;
}
