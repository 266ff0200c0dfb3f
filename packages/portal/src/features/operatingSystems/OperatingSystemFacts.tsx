import type { OperatingSystem } from '@portal/api';
import { formatBytes } from '@portal/domain';
import { Badge, type KeyValueItem, KeyValueList, Stack, Text } from '@portal/ui';
import { useTranslation } from '../../lib/pageTranslation.ts';

/** 'Veröffentlicht' or 'Entwurf', and 'Noch keine Datei' while the upload has not completed. */
export function OperatingSystemBadges({ image }: { image: OperatingSystem }) {
  const { t } = useTranslation('operatingSystems');
  return (
    <>
      <Badge tone={image.isPublished ? 'positive' : 'neutral'}>
        {image.isPublished ? t('state.published') : t('state.draft')}
      </Badge>
      {image.file === null ? <Badge tone="warning">{t('state.noFile')}</Badge> : null}
    </>
  );
}

/** An image's facts (version, models, size, created) and, with `withNotes`, its release notes. */
export function OperatingSystemFacts({ image, withNotes }: { image: OperatingSystem; withNotes?: boolean }) {
  const { t, i18n } = useTranslation('operatingSystems');
  const items: KeyValueItem[] = [
    { term: t('facts.version'), value: image.version },
    { term: t('facts.models'), value: image.deviceTypes.map((type) => type.name).join(', ') },
    {
      term: t('facts.file'),
      value: image.fileSize === null || image.file === null ? t('state.noFile') : formatBytes(image.fileSize),
    },
    {
      term: t('facts.created'),
      value: new Intl.DateTimeFormat(i18n.language).format(new Date(image.created_at)),
    },
  ];
  return (
    <Stack gap="small">
      <KeyValueList items={items} />
      {withNotes ? (
        <Stack gap="xsmall">
          <Text weight="semibold">{t('facts.releaseNotes')}</Text>
          {image.releaseNotes.trim() ? (
            // Written by staff: its own direction, never its neighbours'.
            <Text>
              <bdi>{image.releaseNotes.trim()}</bdi>
            </Text>
          ) : (
            <Text tone="muted">{t('facts.noReleaseNotes')}</Text>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
