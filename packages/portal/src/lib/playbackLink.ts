/**
 * The way into playback on a class set (features/playback, route /dashboard/playback): the content to play (its
 * Mediathek id) and which headsets to offer ticked. Any page may link there — the Mediathek's 'Abspielen', a playlist
 * item, a group — without importing the playback feature:
 *
 *   /dashboard/playback?content=<content id>                      pick the headsets
 *   /dashboard/playback?content=<content id>&configuration=<id>   the headsets of that playlist ticked
 *   /dashboard/playback?content=<content id>&group=<id>           the headsets of that group ticked
 *   /dashboard/playback?content=<content id>&devices=3,4,5        these headsets ticked
 *   /dashboard/playback?plan=<lesson plan id>                     begin a lesson plan (Unterrichtsablauf), step by step
 *
 * Without `content` the page first asks for the content (a search of the Mediathek).
 */
export const PLAYBACK_PATH = '/dashboard/playback';

export interface PlaybackTarget {
  content?: number | null | undefined;
  configuration?: number | null | undefined;
  group?: number | null | undefined;
  devices?: readonly number[] | undefined;
  plan?: number | null | undefined;
}

export function playbackHref(target: PlaybackTarget = {}): string {
  const query = new URLSearchParams();
  if (target.content) query.set('content', String(target.content));
  if (target.configuration) query.set('configuration', String(target.configuration));
  if (target.group) query.set('group', String(target.group));
  if (target.devices && target.devices.length > 0) query.set('devices', target.devices.join(','));
  if (target.plan) query.set('plan', String(target.plan));
  const text = query.toString();
  return text ? `${PLAYBACK_PATH}?${text}` : PLAYBACK_PATH;
}

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** What a playback link asks for; anything malformed is left out (the page then simply asks). */
export function playbackTargetFrom(search: URLSearchParams): Required<PlaybackTarget> {
  const devices = (search.get('devices') ?? '')
    .split(',')
    .map((part) => positiveId(part.trim()))
    .filter((id): id is number => id !== null);
  return {
    content: positiveId(search.get('content')),
    configuration: positiveId(search.get('configuration')),
    group: positiveId(search.get('group')),
    devices: [...new Set(devices)],
    plan: positiveId(search.get('plan')),
  };
}
