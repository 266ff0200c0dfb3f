import type { Content } from '@portal/api';
import { truncateText } from '@portal/domain';
import { Badge, ContentCard } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { ageText, CARD_TITLE_TRUNCATE_AT, degreesText, isSharedWithUser } from './contentText.ts';

/**
 * One item of the Mediathek as @portal/ui's ContentCard; the whole card links to its detail page.
 * The eye sees the title cut by the spec §9 rule (next space + ' ...'); screen readers hear it whole.
 */
export function LibraryCard({
  content,
  organisationIds,
}: {
  content: Content;
  organisationIds: readonly number[];
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
      imageAlt={t('card.previewAlt', { title: content.title })}
      placeholderText={t('card.noPreview')}
      typeLabel={t(`contentType.${content.contentType}`)}
      viewLabel={degreesText(t, content) ?? undefined}
      ageText={ageText(t, content.minAge, content.maxAge)}
      ownerName={t('card.owner', { name: content.owner.name })}
      badges={
        isSharedWithUser(content, organisationIds) ? <Badge tone="info">{t('card.shared')}</Badge> : null
      }
    />
  );
}
