import { $api } from './api.ts';

/**
 * The operator's imprint and support contact (getSiteInfo), for the imprint and the support page. They change with a
 * new server configuration only: asked once per visit.
 */
export const siteInfoQuery = {
  ...$api.queryOptions('get', '/api/v1/site-info/'),
  staleTime: Number.POSITIVE_INFINITY,
};

/** A phone number as a tel: link; operators write '0211 / 123 45-6', a dialler wants only the digits and '+'. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
