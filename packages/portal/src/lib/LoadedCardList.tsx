import { Alert, Box, Button, Card, EmptyState, Spinner } from '@portal/ui';
import type { ReactNode } from 'react';

interface LoadedCardListProps<T extends { id: number }> {
  /** The server's list; asked again from 'Erneut versuchen'. */
  query: {
    isPending: boolean;
    isError: boolean;
    data: { results: readonly T[] } | undefined;
    refetch: () => Promise<unknown>;
  };
  /** The list's name for a screen reader, the page's title. */
  label: string;
  texts: { loading: string; failed: string; retry: string; emptyTitle: string; emptyDescription: string };
  /** What one card shows. */
  children: (item: T) => ReactNode;
}

/**
 * A page's list of the organisation's records as cards (Gruppierungen, Unterrichtsabläufe): the spinner while it
 * loads, the failure with 'Erneut versuchen', what an empty list means, else one card per record.
 */
export function LoadedCardList<T extends { id: number }>({
  query,
  label,
  texts,
  children,
}: LoadedCardListProps<T>) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  if (query.isError) {
    return (
      <Alert tone="critical" title={texts.failed}>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {texts.retry}
        </Button>
      </Alert>
    );
  }
  const results = query.data?.results ?? [];
  if (results.length === 0)
    return <EmptyState title={texts.emptyTitle} description={texts.emptyDescription} />;
  return (
    <Box as="ul" aria-label={label} display="grid" gap="medium">
      {results.map((item) => (
        <Card as="li" key={item.id}>
          {children(item)}
        </Card>
      ))}
    </Box>
  );
}
