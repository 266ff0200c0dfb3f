import * as RadixDialog from '@radix-ui/react-dialog';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, type HTMLAttributes } from 'react';
import * as styles from './Dialog.css';

const cx = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

/** Holds the open state; controlled with `open` and `onOpenChange`, or uncontrolled. */
const Root = RadixDialog.Root;

/** The element that opens the dialog; usually `<Dialog.Trigger asChild><Button>…</Button></Dialog.Trigger>`. */
const Trigger = forwardRef<
  ElementRef<typeof RadixDialog.Trigger>,
  ComponentPropsWithoutRef<typeof RadixDialog.Trigger>
>(function DialogTrigger(props, ref) {
  return <RadixDialog.Trigger ref={ref} {...props} />;
});
Trigger.displayName = 'Dialog.Trigger';

export type DialogContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content> &
  styles.ContentVariants & {
    /**
     * When false, Escape and clicks outside do nothing: the dialog closes only through its own buttons
     * (e.g. the terms of use, which must be answered).
     * @example <Dialog.Content dismissable={false}>…</Dialog.Content>
     */
    dismissable?: boolean;
  };

const preventClose = (event: Event) => event.preventDefault();

/** The modal panel with its backdrop, portalled into <body>; focus stays inside while it is open. */
const Content = forwardRef<ElementRef<typeof RadixDialog.Content>, DialogContentProps>(function DialogContent(
  { size, dismissable = true, className, onEscapeKeyDown, onPointerDownOutside, onInteractOutside, ...props },
  ref,
) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        ref={ref}
        className={cx(styles.content({ size }), className)}
        onEscapeKeyDown={dismissable ? onEscapeKeyDown : preventClose}
        onPointerDownOutside={dismissable ? onPointerDownOutside : preventClose}
        onInteractOutside={dismissable ? onInteractOutside : preventClose}
        {...props}
      />
    </RadixDialog.Portal>
  );
});
Content.displayName = 'Dialog.Content';

/** The dialog's heading and accessible name (required by every dialog). */
const Title = forwardRef<
  ElementRef<typeof RadixDialog.Title>,
  ComponentPropsWithoutRef<typeof RadixDialog.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return <RadixDialog.Title ref={ref} className={cx(styles.title, className)} {...props} />;
});
Title.displayName = 'Dialog.Title';

/** The dialog's explanation, read after the title; use `asChild` with a div for several paragraphs. */
const Description = forwardRef<
  ElementRef<typeof RadixDialog.Description>,
  ComponentPropsWithoutRef<typeof RadixDialog.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <RadixDialog.Description ref={ref} className={cx(styles.description, className)} {...props} />;
});
Description.displayName = 'Dialog.Description';

/** Closes the dialog; usually `<Dialog.Close asChild><Button variant="ghost">…</Button></Dialog.Close>`. */
const Close = forwardRef<
  ElementRef<typeof RadixDialog.Close>,
  ComponentPropsWithoutRef<typeof RadixDialog.Close>
>(function DialogClose(props, ref) {
  return <RadixDialog.Close ref={ref} {...props} />;
});
Close.displayName = 'Dialog.Close';

/** The row of buttons at the bottom, right-aligned, wrapping on narrow screens. */
const Actions = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function DialogActions(
  { className, ...props },
  ref,
) {
  return <div ref={ref} className={cx(styles.actions, className)} {...props} />;
});
Actions.displayName = 'Dialog.Actions';

/**
 * A modal dialog on Radix Dialog: focus moves in and is trapped, Escape and the backdrop close it
 * (unless `dismissable={false}`), and focus returns to the trigger.
 */
export const Dialog = { Root, Trigger, Content, Title, Description, Close, Actions };

export type DialogRootProps = ComponentPropsWithoutRef<typeof RadixDialog.Root>;
