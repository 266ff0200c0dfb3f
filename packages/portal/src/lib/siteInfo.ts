import { $api } from './api.ts';

/**
 * The operator's imprint and support contact (getSiteInfo), for the imprint and the support page. They change with a
 * new server configuration only: asked once per visit.
 */
export const siteInfoQuery = {
  ...$api.queryOptions('get', '/api/v1/site-info/'),
  staleTime: Number.POSITIVE_INFINITY,
};
