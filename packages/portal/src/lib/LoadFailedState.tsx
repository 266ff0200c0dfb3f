import { Button, EmptyState } from '@portal/ui';

interface LoadFailedStateProps {
  title: string;
  description: string;
  retryLabel: string;
  /** The query that failed; asked again from the button, which spins while it asks. */
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}

/**
 * In place of a list or a page whose data did not arrive (a 5xx, no connection): what happened and a way to ask
 * again, so the reader need not reload the whole portal.
 */
export function LoadFailedState({ title, description, retryLabel, query }: LoadFailedStateProps) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          {retryLabel}
        </Button>
      }
    />
  );
}
