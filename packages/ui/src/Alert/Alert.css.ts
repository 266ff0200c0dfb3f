import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { feedbackTones, messageFrame, messageIcon } from '../styles/tones.css';
import { vars } from '../theme/theme.css';

const toneColours = { info: 'info', success: 'positive', warning: 'warning', critical: 'critical' } as const;

export const root = recipe({
  base: messageFrame('auto 1fr'),
  variants: {
    tone: feedbackTones(toneColours, (colour) => ({ borderLeftColor: colour })),
  },
  defaultVariants: { tone: 'info' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const icon = messageIcon(toneColours);

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const title = style({ margin: 0, fontWeight: vars.font.weight.bold });
