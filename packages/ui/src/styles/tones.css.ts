import type { StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

/** The theme's four feedback colours, by the names of their colour tokens. */
export type FeedbackColour = 'info' | 'positive' | 'warning' | 'critical';

/**
 * One style per tone for a component whose tones are drawn in the feedback colours. `colours` maps the component's
 * own tone names (the Toaster says 'error' where the theme says 'critical') to the colour tokens, so which colour a
 * tone wears is decided here once for Alert, Toaster and Badge.
 */
export function feedbackTones<Tone extends string>(
  colours: Record<Tone, FeedbackColour>,
  styleOf: (colour: string) => StyleRule,
): Record<Tone, StyleRule> {
  const entries = Object.entries<FeedbackColour>(colours).map(([tone, colour]) => [
    tone,
    styleOf(vars.color[colour]),
  ]);
  return Object.fromEntries(entries) as Record<Tone, StyleRule>;
}

/**
 * The box of a message (Alert, a toast): the icon beside the text on the surface, the left edge wide for the tone's
 * colour. `columns` is the grid's columns: icon and text, and for a toast its close button.
 */
export function messageFrame(columns: string): StyleRule {
  return {
    display: 'grid',
    gridTemplateColumns: columns,
    alignItems: 'start',
    columnGap: vars.space.small,
    padding: vars.space.medium,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: '6px',
    borderRadius: vars.radius.medium,
  };
}

/** The status icon before a message's text (Alert, Toaster): 22 pixels, in its tone's colour. */
export function messageIcon<Tone extends string>(colours: Record<Tone, FeedbackColour>) {
  return recipe({
    base: { width: '22px', height: '22px', marginTop: '1px' },
    variants: { tone: feedbackTones(colours, (colour) => ({ color: colour })) },
  });
}
