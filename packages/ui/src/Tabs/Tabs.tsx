import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef, type ReactNode } from 'react';
import * as styles from './Tabs.css';

function cx(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

// Each part is exported under its own name so Storybook's docgen finds it and autodocs shows a prop
// table per part; apps use them through `Tabs` (the package exports only that).

export type TabsRootProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Root> & {
  /** The selected tab's value (controlled); pair with `onValueChange`. */
  value?: string;
  /** The tab selected first (uncontrolled). */
  defaultValue?: string;
  /** Called with the value of the newly selected tab. */
  onValueChange?: (value: string) => void;
  /** 'automatic' (default): arrow keys select as they move; 'manual': Enter or Space selects. */
  activationMode?: 'automatic' | 'manual';
  /** List and Content parts. */
  children?: ReactNode;
};

/**
 * Holds the tabs' state. Controlled (`value`, `onValueChange`) or uncontrolled (`defaultValue`).
 * @example
 * <Tabs.Root defaultValue="details">
 *   <Tabs.List aria-label={t('device.tabs')}>
 *     <Tabs.Trigger value="details">{t('device.details')}</Tabs.Trigger>
 *     <Tabs.Trigger value="content">{t('device.content')}</Tabs.Trigger>
 *   </Tabs.List>
 *   <Tabs.Content value="details">…</Tabs.Content>
 *   <Tabs.Content value="content">…</Tabs.Content>
 * </Tabs.Root>
 */
export const TabsRoot = forwardRef<ComponentRef<typeof TabsPrimitive.Root>, TabsRootProps>(function TabsRoot(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Root ref={ref} className={cx(styles.root, className)} {...props} />;
});
TabsRoot.displayName = 'Tabs.Root';

export type TabsListProps = Omit<ComponentPropsWithoutRef<typeof TabsPrimitive.List>, 'aria-label'> & {
  /** Accessible name of the tab list, e.g. 'Geräteansicht'. */
  'aria-label': string;
  /** Whether the arrow keys wrap from the last tab to the first. Default true. */
  loop?: boolean;
  /** The Trigger parts. */
  children?: ReactNode;
};

/** The row of tab buttons; arrow keys move between them, Home/End jump to the first/last. */
export const TabsList = forwardRef<ComponentRef<typeof TabsPrimitive.List>, TabsListProps>(function TabsList(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.List ref={ref} className={cx(styles.list, className)} {...props} />;
});
TabsList.displayName = 'Tabs.List';

export type TabsTriggerProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger> & {
  /** Identifies the tab; the Content with the same value is its panel. */
  value: string;
  /** Shown dimmed and skipped by the arrow keys. */
  disabled?: boolean;
  /** The tab's text. */
  children?: ReactNode;
};

/** One tab; its text comes in as children. */
export const TabsTrigger = forwardRef<ComponentRef<typeof TabsPrimitive.Trigger>, TabsTriggerProps>(
  function TabsTrigger({ className, ...props }, ref) {
    return <TabsPrimitive.Trigger ref={ref} className={cx(styles.trigger, className)} {...props} />;
  },
);
TabsTrigger.displayName = 'Tabs.Trigger';

export type TabsContentProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Content> & {
  /** The value of the Trigger this panel belongs to. */
  value: string;
  /** The panel's content. */
  children?: ReactNode;
};

/** The panel shown for the tab with the same `value`. */
export const TabsContent = forwardRef<ComponentRef<typeof TabsPrimitive.Content>, TabsContentProps>(
  function TabsContent({ className, ...props }, ref) {
    return <TabsPrimitive.Content ref={ref} className={cx(styles.content, className)} {...props} />;
  },
);
TabsContent.displayName = 'Tabs.Content';

/** Tabs built on Radix Tabs: Tabs.Root, Tabs.List, Tabs.Trigger, Tabs.Content. */
export const Tabs = { Root: TabsRoot, List: TabsList, Trigger: TabsTrigger, Content: TabsContent };
