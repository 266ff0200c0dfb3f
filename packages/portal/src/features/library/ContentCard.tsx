import type { Content } from '@portal/api';
import { truncateText } from '@portal/domain';
import { Box, Card, Heading, Inline, Stack, Tag, Text } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ageText, CARD_TITLE_TRUNCATE_AT, degreesText, isSharedWithUser } from './contentText.ts';

const previewStyle = {
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  display: 'block',
  borderRadius: '6px',
} as const;

/** One item of the Mediathek; the whole title links to its detail page. */
export function ContentCard({
  content,
  organisationIds,
}: {
  content: Content;
  organisationIds: readonly number[];
}) {
  const { t } = useTranslation('library');
  const degrees = degreesText(t, content);
  const shared = isSharedWithUser(content, organisationIds);
  const title = truncateText(content.title, CARD_TITLE_TRUNCATE_AT);
  return (
    <Card as="li">
      <Stack gap="small">
        {content.previewImage ? (
          <img
            src={content.previewImage}
            alt={t('card.previewAlt', { title: content.title })}
            loading="lazy"
            decoding="async"
            width={320}
            height={180}
            style={previewStyle}
          />
        ) : (
          <Box
            background="surfaceRaised"
            color="textMuted"
            display="flex"
            alignItems="center"
            justifyContent="center"
            style={previewStyle}
          >
            <Text tone="muted" size="small">
              {t('card.noPreview')}
            </Text>
          </Box>
        )}
        <Heading level={2}>
          <Link to={`/library/${content.id}`} title={title === content.title ? undefined : content.title}>
            {title}
          </Link>
        </Heading>
        <Inline gap="small" wrap>
          <Text as="span" tone="muted" size="small">
            {t(`contentType.${content.contentType}`)}
          </Text>
          {degrees && (
            <Text as="span" tone="muted" size="small">
              {degrees}
            </Text>
          )}
          <Text as="span" tone="muted" size="small">
            {ageText(t, content.minAge, content.maxAge)}
          </Text>
          {shared && <Tag size="small">{t('card.shared')}</Tag>}
        </Inline>
        <Text tone="muted" size="small">
          {t('card.owner', { name: content.owner.name })}
        </Text>
      </Stack>
    </Card>
  );
}
