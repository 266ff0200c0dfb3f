import { ButtonLink, Stack, Text } from '@portal/ui';
import type { ReactNode } from 'react';
import { PageHeading } from './pageMeta.tsx';

/**
 * A page that only says something (not found, no permission, coming soon): its one h1, which is also the tab's
 * title, what it means, and a way on.
 */
export function StatusPage({
  title,
  description,
  action,
  metaDescription,
  children,
}: {
  title: string;
  /** The meta description of a public page. */
  metaDescription?: string;
  description: string;
  /** The way on, as a link: its target and text. */
  action: { href: string; label: string };
  /** Anything said before the description (e.g. 'Diese Seite folgt in Kürze.'). */
  children?: ReactNode;
}) {
  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading description={metaDescription}>{title}</PageHeading>
        {children}
        <Text tone="muted">{description}</Text>
      </Stack>
      <div>
        <ButtonLink href={action.href} variant="secondary">
          {action.label}
        </ButtonLink>
      </div>
    </Stack>
  );
}
