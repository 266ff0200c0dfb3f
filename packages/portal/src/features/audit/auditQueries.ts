import { useMutation } from '@tanstack/react-query';
import { $api, apiClient, type MutationReactions } from '../../lib/api.ts';
import { answerOf, ServerRefusal } from '../../lib/serverErrors.ts';
import { type AuditView, auditFiltersOf } from './auditView.ts';

/** Entries per page of the Protokoll. */
export const AUDIT_PAGE_SIZE = 50;

/** One page of the Protokoll for a view (filters and cursor); refusals (403 for non-administrators) reject with ServerRefusal. */
export function auditPageQuery(view: AuditView) {
  const query = {
    ...auditFiltersOf(view),
    ...(view.cursor ? { cursor: view.cursor } : {}),
    page_size: AUDIT_PAGE_SIZE,
  };
  const init = { params: { query } };
  return {
    ...$api.queryOptions('get', '/api/v1/audit/entries/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/audit/entries/', { ...init, signal })),
  };
}

/** The CSV file of a view's filters, as the server made it, with the name it gave it. */
export interface AuditFile {
  blob: Blob;
  name: string;
}

const FALLBACK_FILE_NAME = 'protokoll.csv';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_FILE_NAME;
}

/**
 * Fetches the CSV export of the view's filters (every page of them). The bearer token goes with the call, so the file
 * arrives as data; saving it is the page's (lib/download.ts). Nothing in the cache changes.
 */
export function useAuditExport(reactions?: MutationReactions<AuditFile, AuditView>) {
  return useMutation({
    ...reactions,
    async mutationFn(view: AuditView) {
      const { data, error, response } = await apiClient.GET('/api/v1/audit/entries/export/', {
        params: { query: auditFiltersOf(view) },
        parseAs: 'blob',
      });
      if (!response.ok || data === undefined) throw new ServerRefusal(response.status, error);
      return { blob: data, name: fileNameOf(response.headers.get('content-disposition')) };
    },
  });
}
