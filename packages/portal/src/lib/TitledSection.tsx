import { Heading, Stack, type StackGap } from '@portal/ui';
import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** Space between the heading and what follows. Default 'small'. */
  gap?: StackGap;
  /** 'nav' for a section of links to other places. */
  as?: 'section' | 'nav';
  children?: ReactNode;
}

/**
 * A part of a page under its own h2. The region is named by that heading (aria-labelledby), so a screen reader's
 * list of landmarks reads the same words the sighted reader sees.
 */
export function TitledSection({ id, title, gap = 'small', as = 'section', children }: TitledSectionProps) {
  return (
    <Stack as={as} aria-labelledby={id} gap={gap}>
      <Heading level={2} id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
