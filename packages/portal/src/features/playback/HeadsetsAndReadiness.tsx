import { Box, Column, Columns, Heading, Stack } from '@portal/ui';
import { type ComponentProps, useId } from 'react';
import { HeadsetPicker, type HeadsetPickerProps } from '../../lib/HeadsetPicker.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { ReadinessPanel } from './ReadinessPanel.tsx';

/**
 * Before class, of one item's start and of a lesson plan's: the headset picker, and beside it (below it on narrow
 * screens, so that its answer never pushes the picker down) 'Ist meine Klasse startklar?' for the ticked headsets.
 */
export function HeadsetsAndReadiness({
  picker,
  readiness,
}: {
  picker: HeadsetPickerProps;
  readiness: ComponentProps<typeof ReadinessPanel>;
}) {
  const { t } = useTranslation('playback');
  const headingId = useId();
  return (
    <Columns gap="large" collapseBelow="desktop" alignY="top">
      <Column width="1/2">
        <Box as="section" aria-labelledby={headingId}>
          <Stack gap="medium">
            <Heading level={2} id={headingId}>
              {t('picker.title')}
            </Heading>
            <HeadsetPicker {...picker} />
          </Stack>
        </Box>
      </Column>
      <Column width="fluid">
        <ReadinessPanel {...readiness} />
      </Column>
    </Columns>
  );
}
