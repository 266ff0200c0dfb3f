import { $api } from '../../lib/api.ts';

/** The id of the route, or null when it is no positive integer (then nothing is asked of the server). */
export function routeContentId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export function contentDetailQuery(id: number) {
  return $api.queryOptions('get', '/api/v2/cms/content/{id}/', { params: { path: { id } } });
}
