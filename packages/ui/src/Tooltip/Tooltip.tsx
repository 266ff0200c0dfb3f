import * as RadixTooltip from '@radix-ui/react-tooltip';
import {
  type ComponentPropsWithoutRef,
  type ElementRef,
  forwardRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import * as styles from './Tooltip.css';

export const tooltipSides = ['top', 'right', 'bottom', 'left'] as const;
export type TooltipSide = (typeof tooltipSides)[number];

export type TooltipProps = Omit<
  ComponentPropsWithoutRef<typeof RadixTooltip.Content>,
  'content' | 'children' | 'side'
> & {
  /** The tip, a short phrase. It becomes the trigger's accessible description, so never put the only name here. */
  content: ReactNode;
  /**
   * The element the tip belongs to; it must take focus and a ref (Button, IconButton, a link).
   * @example <Tooltip content={t('syncHint')}><IconButton label={t('sync')}><SyncIcon /></IconButton></Tooltip>
   */
  children: ReactElement;
  /** Default 'top'; Radix flips it when there is no room. */
  side?: TooltipSide;
  /** Milliseconds the pointer rests before the tip shows; keyboard focus shows it at once. Default 300. */
  delayDuration?: number;
  /** Controlled open state (mostly for tests and docs). */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A rounded tip shown on hover and keyboard focus, hidden on Escape (Radix Tooltip). */
export const Tooltip = forwardRef<ElementRef<typeof RadixTooltip.Content>, TooltipProps>(function Tooltip(
  {
    content,
    children,
    side = 'top',
    delayDuration = 300,
    open,
    defaultOpen,
    onOpenChange,
    className,
    sideOffset = 6,
    ...props
  },
  ref,
) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration}>
      <RadixTooltip.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            ref={ref}
            side={side}
            sideOffset={sideOffset}
            className={[styles.content, className].filter(Boolean).join(' ')}
            {...props}
          >
            {content}
            <RadixTooltip.Arrow className={styles.arrow} width={12} height={6} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
});
Tooltip.displayName = 'Tooltip';
