import { type Operations, ok } from '../http/operation.ts';
import { signedIn } from '../services/access.ts';
import { listRunningLessons } from '../services/headsets/index.ts';

/**
 * Unterricht (contract tag `lessons`): the running lessons of the caller's organisations, for every member's dashboard
 * and playback page. The playback commands of the `devices` tag record them (services/headsets/lessonRecord.ts).
 */
export const lessonOperations = {
  async listRunningLessons({ caller }, { db }) {
    return ok(await listRunningLessons(db, signedIn(caller)));
  },
} satisfies Operations;
