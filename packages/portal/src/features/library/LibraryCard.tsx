import type { Content } from '@portal/api';
import { truncateText } from '@portal/domain';
import { Badge, ContentCard } from '@portal/ui';
import { ContentTypeIcon } from '../../lib/icons.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import {
  ageText,
  CARD_TITLE_TRUNCATE_AT,
  degreesText,
  isSharedWithUser,
  PLACEHOLDER_TONES,
} from './contentText.ts';

/**
 * One item of the Mediathek as @portal/ui's ContentCard; the whole card links to its detail page.
 * The eye sees the title cut by the spec §9 rule (next space + ' ...'); screen readers hear it whole.
 */
export function LibraryCard({
  content,
  organisationIds,
  firstInSight = false,
}: {
  content: Content;
  organisationIds: readonly number[];
  /** Among the first cards of the page: its preview loads at once (the page's largest paint). */
  firstInSight?: boolean;
}) {
  const { t } = useTranslation('library');
  return (
    <ContentCard
      as="li"
      titleLevel={2}
      title={content.title}
      shortTitle={truncateText(content.title, CARD_TITLE_TRUNCATE_AT)}
      href={`/library/${content.id}`}
      imageSrc={content.previewImage ?? undefined}
      imagePriority={firstInSight}
      imageAlt={t('card.previewAlt', { title: content.title })}
      // Without a preview: the type's icon and colour, so the grid still tells videos, apps and web apps apart.
      placeholderText={t(`contentType.${content.contentType}`)}
      placeholderIcon={<ContentTypeIcon type={content.contentType} />}
      placeholderTone={PLACEHOLDER_TONES[content.contentType]}
      mediaBadge={degreesText(t, content) ?? undefined}
      typeLabel={t(`contentType.${content.contentType}`)}
      ageText={ageText(t, content.minAge, content.maxAge)}
      ownerName={t('card.owner', { name: content.owner.name })}
      badges={
        isSharedWithUser(content, organisationIds) ? <Badge tone="info">{t('card.shared')}</Badge> : null
      }
    />
  );
}
