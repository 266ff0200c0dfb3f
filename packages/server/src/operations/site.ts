import { type Operations, ok } from '../http/operation.ts';

/**
 * The site (contract tag `site`): what the portal's public pages show of the operator. Anonymous, no database: the
 * imprint and the support contact come from the configuration (IMPRINT_*, SUPPORT_*; config.ts).
 */
export const siteOperations = {
  async getSiteInfo(_request, { site }) {
    return ok({ imprint: site.imprint, support: site.support });
  },
} satisfies Operations;
