import { EmptyState, Spinner } from '@portal/ui';
import { Link } from 'react-router';
import { LoadFailedState } from './LoadFailedState.tsx';
import { isNotFound } from './serverErrors.ts';

interface RecordPageFallbackProps {
  /** The record's id from the address; null when the address names none. */
  id: number | null;
  /** The record's query, not (yet) answered with the record. */
  query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  notFound: { title: string; description: string; action: string; href: string };
  failed: { title: string; description: string; retry: string };
  loading: string;
}

/**
 * What the page of one record (a playlist, a lesson plan) shows until the record is there: 'nicht gefunden' with the
 * way back to the list when the address names none or the server knows none (404), the failure with a way to ask
 * again, or the spinner.
 */
export function RecordPageFallback({ id, query, notFound, failed, loading }: RecordPageFallbackProps) {
  if (id === null || (query.isError && isNotFound(query.error))) {
    return (
      <EmptyState
        title={notFound.title}
        description={notFound.description}
        action={<Link to={notFound.href}>{notFound.action}</Link>}
      />
    );
  }
  if (query.isError) {
    return (
      <LoadFailedState
        title={failed.title}
        description={failed.description}
        retryLabel={failed.retry}
        query={query}
      />
    );
  }
  return <Spinner label={loading} />;
}
