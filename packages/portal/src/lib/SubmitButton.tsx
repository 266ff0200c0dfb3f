import { Button, type ButtonProps } from '@portal/ui';
import type { ReactNode } from 'react';

/**
 * A form's submit button on a line of its own (a Stack would stretch it), busy and named so (`pendingLabel`, e.g.
 * 'Wird gespeichert …') while the form's call is under way.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  variant = 'primary',
  disabled,
  children,
}: {
  pending?: boolean;
  pendingLabel?: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <Button
        type="submit"
        variant={variant}
        loading={pending}
        loadingLabel={pendingLabel}
        disabled={disabled}
      >
        {children}
      </Button>
    </div>
  );
}
