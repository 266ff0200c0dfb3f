import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef } from 'react';
import * as styles from './Tabs.css';

function cx(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export type TabsRootProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Root>;

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
const Root = forwardRef<ComponentRef<typeof TabsPrimitive.Root>, TabsRootProps>(function TabsRoot(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Root ref={ref} className={cx(styles.root, className)} {...props} />;
});
Root.displayName = 'Tabs.Root';

export type TabsListProps = Omit<ComponentPropsWithoutRef<typeof TabsPrimitive.List>, 'aria-label'> & {
  /** Accessible name of the tab list, e.g. 'Geräteansicht'. */
  'aria-label': string;
};

/** The row of tab buttons; arrow keys move between them, Home/End jump to the first/last. */
const List = forwardRef<ComponentRef<typeof TabsPrimitive.List>, TabsListProps>(function TabsList(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.List ref={ref} className={cx(styles.list, className)} {...props} />;
});
List.displayName = 'Tabs.List';

export type TabsTriggerProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>;

/** One tab; its text comes in as children. */
const Trigger = forwardRef<ComponentRef<typeof TabsPrimitive.Trigger>, TabsTriggerProps>(function TabsTrigger(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Trigger ref={ref} className={cx(styles.trigger, className)} {...props} />;
});
Trigger.displayName = 'Tabs.Trigger';

export type TabsContentProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Content>;

/** The panel shown for the tab with the same `value`. */
const Content = forwardRef<ComponentRef<typeof TabsPrimitive.Content>, TabsContentProps>(function TabsContent(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Content ref={ref} className={cx(styles.content, className)} {...props} />;
});
Content.displayName = 'Tabs.Content';

/** Tabs built on Radix Tabs: Tabs.Root, Tabs.List, Tabs.Trigger, Tabs.Content. */
export const Tabs = { Root, List, Trigger, Content };
