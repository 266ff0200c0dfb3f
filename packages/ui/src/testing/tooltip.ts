import { expect, waitFor } from 'storybook/test';

/**
 * The control of a `disabledReason` once its tip is in place: the tooltip's code loads lazily (ReasonTooltip) and
 * then wraps the control, which Radix marks with its trigger state. Query the control again afterwards.
 */
export async function withTip(find: () => HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(find()).toHaveAttribute('data-state', 'closed'));
  return find();
}
