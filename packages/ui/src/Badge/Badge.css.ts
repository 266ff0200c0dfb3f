import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { feedbackTones } from '../styles/tones.css';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    maxWidth: '100%',
    paddingBlock: 0,
    paddingInline: vars.space.xsmall,
    borderRadius: vars.radius.small,
    border: '1px solid currentColor',
    backgroundColor: 'transparent',
    fontFamily: vars.font.family,
    fontSize: vars.font.size.xsmall,
    fontWeight: vars.font.weight.bold,
    lineHeight: vars.font.lineHeight.standard,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  variants: {
    tone: {
      neutral: { color: vars.color.textMuted },
      ...feedbackTones(
        { info: 'info', positive: 'positive', warning: 'warning', critical: 'critical' },
        (colour) => ({ color: colour }),
      ),
      // A filled count or highlight; the orange CTA pair is the only filled pair in the contract.
      strong: {
        color: vars.color.ctaText,
        backgroundColor: vars.color.ctaBackground,
        borderColor: vars.color.ctaBackground,
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;
