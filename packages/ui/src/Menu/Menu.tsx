import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, type ReactNode } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import * as styles from './Menu.css';

const cx = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

// Each part is exported under its own name so Storybook's docgen finds it and autodocs shows a prop
// table per part; apps use them through `Menu` (the package exports only that).

export interface MenuRootProps {
  /** Controlled open state; pair with `onOpenChange`. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called with the new state when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /**
   * Default false: the WAI-ARIA menu button pattern needs no modality, and a modal menu would aria-hide
   * the page around its own trigger.
   */
  modal?: boolean;
  /** Reading direction for the arrow keys; inherited from the page when omitted. */
  dir?: 'ltr' | 'rtl';
  /** Trigger and Content. */
  children?: ReactNode;
}

/** Holds the open state; uncontrolled unless `open` is passed. Not modal by default. */
export function MenuRoot({ modal = false, ...props }: MenuRootProps) {
  return <RadixMenu.Root modal={modal} {...props} />;
}
MenuRoot.displayName = 'Menu.Root';

export type MenuTriggerProps = ComponentPropsWithoutRef<typeof RadixMenu.Trigger> & {
  /** Use the child (a Button or IconButton) as the trigger instead of rendering a button of its own. */
  asChild?: boolean;
  children?: ReactNode;
};

/**
 * The element that opens the menu; pass a Button or IconButton with `asChild`.
 * @example <Menu.Trigger asChild><IconButton label={t('actions')}><DotsIcon /></IconButton></Menu.Trigger>
 */
export const MenuTrigger = forwardRef<ElementRef<typeof RadixMenu.Trigger>, MenuTriggerProps>(
  function MenuTrigger(props, ref) {
    return <RadixMenu.Trigger ref={ref} {...props} />;
  },
);
MenuTrigger.displayName = 'Menu.Trigger';

export type MenuContentProps = ComponentPropsWithoutRef<typeof RadixMenu.Content> & {
  /** Alignment against the trigger. Default 'end' (the menu opens towards the left of a row's end). */
  align?: 'start' | 'center' | 'end';
  /** Distance from the trigger in px. Default 4. */
  sideOffset?: number;
  /** Items, labels and separators. */
  children?: ReactNode;
};

/** The list of items, portalled into <body> and placed below the trigger. */
export const MenuContent = forwardRef<ElementRef<typeof RadixMenu.Content>, MenuContentProps>(
  function MenuContent({ className, sideOffset = 4, align = 'end', ...props }, ref) {
    return (
      <RadixMenu.Portal>
        <RadixMenu.Content
          ref={ref}
          sideOffset={sideOffset}
          align={align}
          className={cx(styles.content, className)}
          {...props}
        />
      </RadixMenu.Portal>
    );
  },
);
MenuContent.displayName = 'Menu.Content';

/** An item's decorative icon before its text, if it has one. */
function ItemIcon({ icon }: { icon: ReactNode }) {
  return icon ? (
    <span className={styles.itemIcon} aria-hidden="true">
      {icon}
    </span>
  ) : null;
}

/** The item tones; the recipe in Menu.css has the same keys. */
export type MenuItemTone = 'neutral' | 'critical';

export type MenuItemProps = ComponentPropsWithoutRef<typeof RadixMenu.Item> &
  styles.ItemVariants & {
    /** Runs the action; the menu closes afterwards unless the handler calls `event.preventDefault()`. */
    onSelect?: (event: Event) => void;
    /** Shown dimmed, skipped by the arrow keys and not selectable. */
    disabled?: boolean;
    /** 'critical' marks destructive actions (delete, remove). Default 'neutral'. */
    tone?: MenuItemTone;
    /** A decorative icon before the text. */
    icon?: ReactNode;
    /** The item's text. */
    children?: ReactNode;
  };

/**
 * One action. `onSelect` runs it; `tone="critical"` marks destructive actions.
 * @example <Menu.Item tone="critical" onSelect={() => setConfirmOpen(true)}>{t('delete')}</Menu.Item>
 */
export const MenuItem = forwardRef<ElementRef<typeof RadixMenu.Item>, MenuItemProps>(function MenuItem(
  { tone, icon, className, children, ...props },
  ref,
) {
  return (
    <RadixMenu.Item ref={ref} className={cx(styles.item({ tone }), className)} {...props}>
      <ItemIcon icon={icon} />
      {children}
    </RadixMenu.Item>
  );
});
MenuItem.displayName = 'Menu.Item';

export type MenuLinkItemProps = Omit<MenuItemProps, 'onSelect' | 'tone' | 'asChild'> & {
  /** Where the item leads; rendered with the LinkProvider's link, so the router handles it. */
  href: string;
};

/**
 * An item that is a link (e.g. 'Profil' in a user menu): arrow keys reach it like any item, Enter follows it.
 * @example <Menu.LinkItem href="/dashboard/profile">{t('nav.profile')}</Menu.LinkItem>
 */
export const MenuLinkItem = forwardRef<ElementRef<typeof RadixMenu.Item>, MenuLinkItemProps>(
  function MenuLinkItem({ href, icon, className, children, ...props }, ref) {
    const Link = useLinkComponent();
    return (
      <RadixMenu.Item ref={ref} className={cx(styles.item({}), className)} asChild {...props}>
        <Link href={href}>
          <ItemIcon icon={icon} />
          {children}
        </Link>
      </RadixMenu.Item>
    );
  },
);
MenuLinkItem.displayName = 'Menu.LinkItem';

export type MenuLabelProps = ComponentPropsWithoutRef<typeof RadixMenu.Label> & {
  /** The group's heading text. */
  children?: ReactNode;
};

/** A heading for a group of items. */
export const MenuLabel = forwardRef<ElementRef<typeof RadixMenu.Label>, MenuLabelProps>(function MenuLabel(
  { className, ...props },
  ref,
) {
  return <RadixMenu.Label ref={ref} className={cx(styles.label, className)} {...props} />;
});
MenuLabel.displayName = 'Menu.Label';

export type MenuSeparatorProps = ComponentPropsWithoutRef<typeof RadixMenu.Separator> & {
  className?: string;
};

/** A line between groups of items. */
export const MenuSeparator = forwardRef<ElementRef<typeof RadixMenu.Separator>, MenuSeparatorProps>(
  function MenuSeparator({ className, ...props }, ref) {
    return <RadixMenu.Separator ref={ref} className={cx(styles.separator, className)} {...props} />;
  },
);
MenuSeparator.displayName = 'Menu.Separator';

/**
 * A dropdown menu of actions on Radix DropdownMenu: arrow keys move, Enter or Space selects, Escape
 * closes and returns focus to the trigger, typing jumps to an item.
 */
export const Menu = {
  Root: MenuRoot,
  Trigger: MenuTrigger,
  Content: MenuContent,
  Item: MenuItem,
  LinkItem: MenuLinkItem,
  Label: MenuLabel,
  Separator: MenuSeparator,
};
