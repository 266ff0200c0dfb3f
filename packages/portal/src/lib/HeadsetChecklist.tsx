import type { Device } from '@portal/api';
import { Box, Checkbox, Stack, Text } from '@portal/ui';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** How a headset's state reads in a list: 'online · Akku 80 %', 'offline', 'nicht gekoppelt'. */
export function useHeadsetStateText(): (
  headset: Pick<Device, 'isEnrolled' | 'isOnline' | 'batteryLevel'>,
) => string {
  const { t } = useTranslation();
  return (headset) => {
    if (!headset.isEnrolled) return t('headsets.unpaired');
    const power = headset.isOnline ? t('headsets.online') : t('headsets.offline');
    return headset.batteryLevel === null
      ? power
      : `${power} · ${t('headsets.battery', { percent: headset.batteryLevel })}`;
  };
}

export interface HeadsetChecklistProps {
  /** Names the list (its legend), e.g. 'VR-Brillen'. */
  legend: string;
  headsets: readonly Device[];
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  /** What a picker adds per headset beside its state, e.g. whether a playlist fits on it. */
  detail?: (headset: Device) => ReactNode;
}

/**
 * The organisation's headsets to tick, each with its state, as the headset picker and the group form offer them:
 * a plain list of checkboxes (every headset in the page, reachable by Tab and Space).
 */
export function HeadsetChecklist({
  legend,
  headsets,
  selected,
  onSelectedChange,
  detail,
}: HeadsetChecklistProps) {
  const stateText = useHeadsetStateText();
  const legendId = useId();
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  return (
    // A group named by its legend (a fieldset without the browser's frame).
    <Box role="group" aria-labelledby={legendId}>
      <Stack gap="small">
        <Text id={legendId} weight="semibold">
          {legend}
        </Text>
        <Box as="ul" display="grid" gap="small">
          {headsets.map((headset) => (
            <li key={headset.id}>
              <Checkbox
                label={<bdi>{headset.name}</bdi>}
                hint={stateText(headset)}
                checked={selected.has(headset.id)}
                onCheckedChange={(checked) => toggle(headset.id, checked)}
              />
              {detail?.(headset)}
            </li>
          ))}
        </Box>
      </Stack>
    </Box>
  );
}
