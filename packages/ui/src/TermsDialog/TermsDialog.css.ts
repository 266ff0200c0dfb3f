import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const documents = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });
