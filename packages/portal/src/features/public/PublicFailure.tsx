import { Alert, Button } from '@portal/ui';

/** A public page's data did not arrive (the server is not reachable): say so and offer to ask again. */
export function PublicFailure({
  title,
  description,
  retryLabel,
  onRetry,
}: {
  title: string;
  description: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert tone="critical" announce="assertive" title={title}>
      <span>{description}</span>{' '}
      <Button variant="secondary" size="small" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
