import { style } from '@vanilla-extract/css';

/** Leaves room for the show/hide button inside the input. */
export const input = style({ paddingRight: '52px' });

export const toggleIcon = style({ width: '20px', height: '20px' });
