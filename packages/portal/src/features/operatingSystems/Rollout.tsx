import type { Device, OperatingSystem } from '@portal/api';
import { UPDATE_MIN_BATTERY_PERCENT, type UpdateProblem } from '@portal/domain';
import { Alert, Box, Button, ConfirmDialog, Heading, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommandOutcome } from '../../lib/commands.ts';
import { HeadsetPicker, type PickedFrom } from '../../lib/HeadsetPicker.tsx';
import { HelpFixLink, helpFixOf } from '../../lib/HelpFixLink.tsx';
import { organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { useRollout } from './operatingSystemQueries.ts';
import { rolloutHeadsets, rolloutProblems } from './operatingSystemRules.ts';
import { type RolledOutHeadset, RolloutReceipts } from './RolloutReceipts.tsx';

/** The picker follows the headsets live (online, battery, version) while the administrator chooses. */
const HEADSETS_REFRESH_MS = 5000;

/** Per headset beside its state: 'Bereit für 5.3.0 (installiert: 4.9.4)' or what stands in the way and what to do. */
function Readiness({ image, headset }: { image: OperatingSystem; headset: Device }) {
  const { t } = useTranslation('operatingSystems');
  const installed = headset.softwareVersion ?? t('rollout.unknownVersion');
  const problems = rolloutProblems(image, headset);
  // The first problem the help explains (offline, unpaired, battery); the others' words already say what to do.
  const help = problems.map(helpFixOf).find((fix) => fix !== null) ?? null;
  const words = (problem: UpdateProblem) =>
    t(`rollout.problems.${problem}`, { percent: UPDATE_MIN_BATTERY_PERCENT, installed });
  return problems.length === 0 ? (
    <Text size="small" tone="positive">
      {t('rollout.ready', { version: image.version, installed })}
    </Text>
  ) : (
    <Text size="small" tone="muted">
      {problems.map(words).join(' ')} {help ? <HelpFixLink fix={help} /> : null}
    </Text>
  );
}

function ChooseAndSend({
  image,
  headsets,
  onSent,
}: {
  image: OperatingSystem;
  headsets: readonly Device[];
  onSent: (sent: { headsets: RolledOutHeadset[]; outcomes: CommandOutcome[] }) => void;
}) {
  const { t } = useTranslation('operatingSystems');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pickedFrom, setPickedFrom] = useState<PickedFrom | null>(null);
  const [asking, setAsking] = useState(false);
  const ready = headsets.filter((headset) => rolloutProblems(image, headset).length === 0).map((h) => h.id);
  const chosen = headsets.filter((headset) => selected.has(headset.id));
  const rollout = useRollout(image.id, {
    onSuccess(outcomes) {
      setAsking(false);
      onSent({ headsets: chosen.map(({ id, name }) => ({ id, name })), outcomes });
    },
  });
  return (
    <Stack gap="medium">
      <HeadsetPicker
        headsets={headsets}
        selected={selected}
        onSelectedChange={setSelected}
        pickedFrom={pickedFrom}
        onPickedFromChange={setPickedFrom}
        quickPick={{ label: t('rollout.allReady'), ids: ready }}
        detail={(headset) => <Readiness image={image} headset={headset} />}
      />
      {chosen.length === 0 ? <Text tone="muted">{t('rollout.pickFirst')}</Text> : null}
      <Box>
        <Button variant="primary" disabled={chosen.length === 0} onClick={() => setAsking(true)}>
          {t('rollout.send', { count: chosen.length })}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('rollout.confirmTitle', { count: chosen.length, name: image.name, version: image.version })}
        description={t('rollout.confirmDescription')}
        confirmLabel={t('rollout.confirm')}
        cancelLabel={t('rollout.cancel')}
        confirming={rollout.isPending}
        confirmingLabel={t('rollout.sending')}
        onConfirm={() => rollout.mutate(chosen.map((headset) => headset.id))}
      />
    </Stack>
  );
}

/**
 * 'Auf VR-Brillen installieren' (issue 23): the organisation's headsets of the image's models in playback's picker,
 * each with its readiness (online, battery ≥ 50 %, not updating, older than the image: @portal/domain
 * `updateProblemsOf`, the rule the server refuses CMD.UPDATE by), then CMD.UPDATE naming the image and every headset's
 * receipt until it is back with the new version.
 */
export function Rollout({ image }: { image: OperatingSystem }) {
  const { t } = useTranslation('operatingSystems');
  const headsets = useQuery({ ...organisationHeadsetsQuery, refetchInterval: HEADSETS_REFRESH_MS });
  const [sent, setSent] = useState<{ headsets: RolledOutHeadset[]; outcomes: CommandOutcome[] } | null>(null);
  const body = (() => {
    if (sent) {
      return (
        <RolloutReceipts
          image={image}
          headsets={sent.headsets}
          outcomes={sent.outcomes}
          onAgain={() => setSent(null)}
        />
      );
    }
    if (headsets.isPending) return <Spinner label={t('rollout.loading')} />;
    if (headsets.isError) {
      return (
        <Alert tone="critical" title={t('rollout.failed')}>
          <Button variant="secondary" onClick={() => void headsets.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      );
    }
    const ofModels = rolloutHeadsets(image, headsets.data.results);
    if (ofModels.length === 0) return <Alert tone="info">{t('rollout.noHeadsets')}</Alert>;
    return <ChooseAndSend image={image} headsets={ofModels} onSent={setSent} />;
  })();
  return (
    <Box as="section" aria-labelledby="rollout-heading">
      <Stack gap="medium">
        <Heading level={2} id="rollout-heading">
          {t('rollout.title')}
        </Heading>
        <Text tone="muted">{t('rollout.intro', { percent: UPDATE_MIN_BATTERY_PERCENT })}</Text>
        {body}
      </Stack>
    </Box>
  );
}
