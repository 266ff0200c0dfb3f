import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    maxWidth: '100%',
    borderRadius: vars.radius.large,
    border: `1px solid ${vars.color.border}`,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    fontFamily: vars.font.family,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.tight,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  variants: {
    size: {
      small: {
        fontSize: vars.font.size.xsmall,
        paddingBlock: vars.space.xxsmall,
        paddingInline: vars.space.small,
      },
      medium: {
        fontSize: vars.font.size.small,
        paddingBlock: vars.space.xsmall,
        paddingInline: vars.space.medium,
      },
    },
  },
  defaultVariants: { size: 'medium' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;
