import { type ElementType, forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { type Sprinkles, sprinkles } from '../styles/sprinkles.css';

export type BoxProps = Sprinkles &
  Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> & {
    /**
     * The element to render.
     * @example <Box as="section" padding="large">…</Box>
     */
    as?: ElementType;
    children?: ReactNode;
  };

const isListElement = (as: ElementType): boolean => as === 'ul' || as === 'ol';

/** A layout primitive: every spacing, flex and colour prop maps to a theme token via sprinkles. */
export const Box = forwardRef<HTMLElement, BoxProps>(function Box({ as = 'div', className, ...props }, ref) {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) atoms[key] = value;
    else rest[key] = value;
  }
  // Lists used for layout lose their bullets and browser indentation unless the caller says otherwise.
  if (isListElement(as)) {
    atoms.listStyle ??= 'none';
    atoms.padding ??= 'none';
    atoms.margin ??= 'none';
  }
  const Component = as;
  const classes = [sprinkles(atoms as Sprinkles), className].filter(Boolean).join(' ');
  return <Component ref={ref} className={classes} {...rest} />;
});
Box.displayName = 'Box';
