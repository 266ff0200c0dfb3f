import * as RadixDialog from '@radix-ui/react-dialog';
import {
  type ComponentPropsWithoutRef,
  createContext,
  type ElementRef,
  forwardRef,
  type HTMLAttributes,
  type ReactNode,
  useContext,
} from 'react';
import * as styles from './Dialog.css';
import { OpenModalLayer } from './openModals';

const cx = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

// Each part is exported under its own name so Storybook's docgen finds it and autodocs shows a prop
// table per part; apps use them through `Dialog` (the package exports only that).

export interface DialogRootProps {
  /** Controlled open state; pair with `onOpenChange`. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called with the new state when the dialog opens or closes (trigger, Escape, backdrop, Close). */
  onOpenChange?: (open: boolean) => void;
  /** Modal (default): the page behind is inert and hidden from screen readers. */
  modal?: boolean;
  /** Trigger and Content. */
  children?: ReactNode;
}

/** Whether the dialog of this Root is modal (the default): only a modal one holds the toasts back (openModals.ts). */
const ModalContext = createContext(true);

/** Holds the open state; controlled with `open` and `onOpenChange`, or uncontrolled. */
export function DialogRoot(props: DialogRootProps) {
  return (
    <ModalContext.Provider value={props.modal ?? true}>
      <RadixDialog.Root {...props} />
    </ModalContext.Provider>
  );
}
DialogRoot.displayName = 'Dialog.Root';

export type DialogTriggerProps = ComponentPropsWithoutRef<typeof RadixDialog.Trigger> & {
  /** Use the child (e.g. a Button) as the trigger instead of rendering a button of its own. */
  asChild?: boolean;
  children?: ReactNode;
};

/** The element that opens the dialog; usually `<Dialog.Trigger asChild><Button>…</Button></Dialog.Trigger>`. */
export const DialogTrigger = forwardRef<ElementRef<typeof RadixDialog.Trigger>, DialogTriggerProps>(
  function DialogTrigger(props, ref) {
    return <RadixDialog.Trigger ref={ref} {...props} />;
  },
);
DialogTrigger.displayName = 'Dialog.Trigger';

/** The dialog widths (`vars.layout.dialogWidth…`); the recipe in Dialog.css has the same keys. */
export type DialogSize = 'small' | 'medium' | 'large';

export type DialogContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content> &
  styles.ContentVariants & {
    /** Width: 'small' for confirmations, 'medium' (default) for forms, 'large' for content. */
    size?: DialogSize;
    /**
     * When false, Escape and clicks outside do nothing: the dialog closes only through its own buttons
     * (e.g. the terms of use, which must be answered).
     * @example <Dialog.Content dismissable={false}>…</Dialog.Content>
     */
    dismissable?: boolean;
    /** Title, Description, the dialog's content and Actions. */
    children?: ReactNode;
  };

const preventClose = (event: Event) => event.preventDefault();

/** The modal panel with its backdrop, portalled into <body>; focus stays inside while it is open. */
export const DialogContent = forwardRef<ElementRef<typeof RadixDialog.Content>, DialogContentProps>(
  function DialogContent(
    {
      size,
      dismissable = true,
      className,
      onEscapeKeyDown,
      onPointerDownOutside,
      onInteractOutside,
      children,
      ...props
    },
    ref,
  ) {
    const modal = useContext(ModalContext);
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
        >
          {children}
          {modal ? <OpenModalLayer /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    );
  },
);
DialogContent.displayName = 'Dialog.Content';

export type DialogTitleProps = ComponentPropsWithoutRef<typeof RadixDialog.Title> & {
  /** The heading text; becomes the dialog's accessible name. */
  children?: ReactNode;
};

/** The dialog's heading and accessible name (required by every dialog). */
export const DialogTitle = forwardRef<ElementRef<typeof RadixDialog.Title>, DialogTitleProps>(
  function DialogTitle({ className, ...props }, ref) {
    return <RadixDialog.Title ref={ref} className={cx(styles.title, className)} {...props} />;
  },
);
DialogTitle.displayName = 'Dialog.Title';

export type DialogDescriptionProps = ComponentPropsWithoutRef<typeof RadixDialog.Description> & {
  /** Render the child (e.g. a div with several paragraphs) instead of a paragraph of its own. */
  asChild?: boolean;
  /** The explanation; becomes the dialog's accessible description. */
  children?: ReactNode;
};

/** The dialog's explanation, read after the title; use `asChild` with a div for several paragraphs. */
export const DialogDescription = forwardRef<
  ElementRef<typeof RadixDialog.Description>,
  DialogDescriptionProps
>(function DialogDescription({ className, ...props }, ref) {
  return <RadixDialog.Description ref={ref} className={cx(styles.description, className)} {...props} />;
});
DialogDescription.displayName = 'Dialog.Description';

export type DialogCloseProps = ComponentPropsWithoutRef<typeof RadixDialog.Close> & {
  /** Use the child (e.g. a ghost Button) as the close button instead of rendering a button of its own. */
  asChild?: boolean;
  children?: ReactNode;
};

/** Closes the dialog; usually `<Dialog.Close asChild><Button variant="ghost">…</Button></Dialog.Close>`. */
export const DialogClose = forwardRef<ElementRef<typeof RadixDialog.Close>, DialogCloseProps>(
  function DialogClose(props, ref) {
    return <RadixDialog.Close ref={ref} {...props} />;
  },
);
DialogClose.displayName = 'Dialog.Close';

export type DialogActionsProps = HTMLAttributes<HTMLDivElement> & {
  /** The dialog's buttons, the main action last. */
  children?: ReactNode;
};

/** The row of buttons at the bottom, right-aligned, wrapping on narrow screens. */
export const DialogActions = forwardRef<HTMLDivElement, DialogActionsProps>(function DialogActions(
  { className, ...props },
  ref,
) {
  return <div ref={ref} className={cx(styles.actions, className)} {...props} />;
});
DialogActions.displayName = 'Dialog.Actions';

/**
 * A modal dialog on Radix Dialog: focus moves in and is trapped, Escape and the backdrop close it
 * (unless `dismissable={false}`), and focus returns to the trigger.
 */
export const Dialog = {
  Root: DialogRoot,
  Trigger: DialogTrigger,
  Content: DialogContent,
  Title: DialogTitle,
  Description: DialogDescription,
  Close: DialogClose,
  Actions: DialogActions,
};
