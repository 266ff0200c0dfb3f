import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, type ReactNode } from 'react';
import * as styles from './Menu.css';

export type MenuRootProps = ComponentPropsWithoutRef<typeof RadixMenu.Root>;

/**
 * Holds the open state; uncontrolled unless `open` is passed. Not modal by default: the WAI-ARIA menu
 * button pattern needs no modality, and a modal menu would aria-hide the page around its own trigger.
 */
function Root({ modal = false, ...props }: MenuRootProps) {
  return <RadixMenu.Root modal={modal} {...props} />;
}
Root.displayName = 'Menu.Root';

/**
 * The element that opens the menu; pass a Button or IconButton with `asChild`.
 * @example <Menu.Trigger asChild><IconButton label={t('actions')}><DotsIcon /></IconButton></Menu.Trigger>
 */
const Trigger = forwardRef<
  ElementRef<typeof RadixMenu.Trigger>,
  ComponentPropsWithoutRef<typeof RadixMenu.Trigger>
>(function MenuTrigger(props, ref) {
  return <RadixMenu.Trigger ref={ref} {...props} />;
});
Trigger.displayName = 'Menu.Trigger';

export type MenuContentProps = ComponentPropsWithoutRef<typeof RadixMenu.Content>;

/** The list of items, portalled into <body> and placed below the trigger. */
const Content = forwardRef<ElementRef<typeof RadixMenu.Content>, MenuContentProps>(function MenuContent(
  { className, sideOffset = 4, align = 'end', ...props },
  ref,
) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        className={[styles.content, className].filter(Boolean).join(' ')}
        {...props}
      />
    </RadixMenu.Portal>
  );
});
Content.displayName = 'Menu.Content';

export type MenuItemProps = ComponentPropsWithoutRef<typeof RadixMenu.Item> &
  styles.ItemVariants & {
    /** A decorative icon before the text. */
    icon?: ReactNode;
  };

/**
 * One action. `onSelect` runs it; `tone="critical"` marks destructive actions.
 * @example <Menu.Item tone="critical" onSelect={() => setConfirmOpen(true)}>{t('delete')}</Menu.Item>
 */
const Item = forwardRef<ElementRef<typeof RadixMenu.Item>, MenuItemProps>(function MenuItem(
  { tone, icon, className, children, ...props },
  ref,
) {
  return (
    <RadixMenu.Item
      ref={ref}
      className={[styles.item({ tone }), className].filter(Boolean).join(' ')}
      {...props}
    >
      {icon ? (
        <span className={styles.itemIcon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </RadixMenu.Item>
  );
});
Item.displayName = 'Menu.Item';

/** A heading for a group of items. */
const Label = forwardRef<
  ElementRef<typeof RadixMenu.Label>,
  ComponentPropsWithoutRef<typeof RadixMenu.Label>
>(function MenuLabel({ className, ...props }, ref) {
  return (
    <RadixMenu.Label ref={ref} className={[styles.label, className].filter(Boolean).join(' ')} {...props} />
  );
});
Label.displayName = 'Menu.Label';

/** A line between groups of items. */
const Separator = forwardRef<
  ElementRef<typeof RadixMenu.Separator>,
  ComponentPropsWithoutRef<typeof RadixMenu.Separator>
>(function MenuSeparator({ className, ...props }, ref) {
  return (
    <RadixMenu.Separator
      ref={ref}
      className={[styles.separator, className].filter(Boolean).join(' ')}
      {...props}
    />
  );
});
Separator.displayName = 'Menu.Separator';

/**
 * A dropdown menu of actions on Radix DropdownMenu: arrow keys move, Enter or Space selects, Escape
 * closes and returns focus to the trigger, typing jumps to an item.
 */
export const Menu = { Root, Trigger, Content, Item, Label, Separator };

export type MenuTriggerProps = ComponentPropsWithoutRef<typeof RadixMenu.Trigger>;
