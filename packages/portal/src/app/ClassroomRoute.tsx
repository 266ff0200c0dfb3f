import { ClassroomPage } from '../features/classroom/ClassroomPage.tsx';
import { BulkBar } from '../features/devices/BulkBar.tsx';

/**
 * /dashboard/classroom: the Klassenansicht commands its selection with the fleet page's bar (the devices feature's).
 * Features do not import each other, so the app puts the two together here.
 */
export function Component() {
  return <ClassroomPage bulkBar={(selected, onClear) => <BulkBar selected={selected} onClear={onClear} />} />;
}
