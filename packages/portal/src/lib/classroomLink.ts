/** Where the Klassenansicht lives (issue 26); links in: the dashboard's shortcuts, a group's page. */
export const CLASSROOM_PATH = '/dashboard/classroom';

/** The Klassenansicht of every headset, or of one group. */
export function classroomHref(group?: number): string {
  return group === undefined ? CLASSROOM_PATH : `${CLASSROOM_PATH}?group=${group}`;
}
