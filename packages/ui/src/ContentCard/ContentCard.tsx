import type { ReactNode } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import { Skeleton } from '../Skeleton/Skeleton';
import { visuallyHidden } from '../styles/utils.css';
import { Tag } from '../Tag/Tag';
import * as styles from './ContentCard.css';

export const contentCardElements = ['article', 'li', 'div'] as const;
export type ContentCardElement = (typeof contentCardElements)[number];

export const contentCardTitleLevels = [2, 3, 4] as const;
export type ContentCardTitleLevel = (typeof contentCardTitleLevels)[number];

/** Accent colours of the placeholder (semantic colour roles), so each content type keeps its own. */
export const contentCardPlaceholderTones = ['neutral', 'info', 'warning', 'positive'] as const;
export type ContentCardPlaceholderTone = (typeof contentCardPlaceholderTones)[number];

export interface ContentCardProps {
  /** Element to render; 'li' when the cards form a list (<ul>). Default 'article'. */
  as?: ContentCardElement;
  /** The content's title. Screen readers always hear it in full. */
  title: string;
  /**
   * The title as the eye sees it, when the app shortens long titles by its own rule (the portal cuts at
   * the next space and appends ' ...'). Screen readers and the tooltip keep the full `title`. Either way
   * the card shows at most two lines.
   * @example shortTitle={truncateText(title, 48)} // truncateText from @portal/domain
   */
  shortTitle?: string;
  /** Heading level of the title in the page outline. Default 3. */
  titleLevel?: ContentCardTitleLevel;
  /** Makes the whole card a link to the content's page (rendered with the LinkProvider's component). */
  href?: string;
  /** Preview image; without it a neutral placeholder keeps the layout. */
  imageSrc?: string;
  /**
   * The card is among the first a visitor sees: its image loads at once and before other images (it is usually the
   * page's largest paint), not when scrolled near. Default false (lazy).
   * @example <ContentCard imagePriority={index < 4} … />
   */
  imagePriority?: boolean;
  /** Text in the placeholder when there is no preview image, e.g. 'Keine Vorschau' or the type 'Video'. */
  placeholderText?: string;
  /**
   * A decorative icon (inline SVG) in the placeholder, e.g. one per content type.
   * @example placeholderIcon={<VideoIcon />} placeholderTone="warning"
   */
  placeholderIcon?: ReactNode;
  /** Accent of the placeholder's icon and edge. Default 'neutral'. */
  placeholderTone?: ContentCardPlaceholderTone;
  /** A short marker over the preview or placeholder's corner, e.g. '360°'. */
  mediaBadge?: string;
  /**
   * Only the preview area, without title and facts: a detail page's large placeholder that matches the cards.
   * The title is then not shown (the page's heading names the content).
   */
  mediaOnly?: boolean;
  /** Describes the preview image; '' when it only repeats the title. */
  imageAlt: string;
  /** Content type, e.g. 'Video' or 'Anwendung'. */
  typeLabel?: string;
  /** Field of view, e.g. '360°' or '180°'. */
  viewLabel?: string;
  /** The age text, formatted by the app, e.g. the recommended age '12 bis 16 Jahre'. */
  ageText?: string;
  /** Who owns or uploaded it, e.g. 'Kreismedienzentrum'. */
  ownerName?: string;
  /** Extra markers after the tags, e.g. a <Badge>. */
  badges?: ReactNode;
  /** Controls at the bottom (e.g. a Menu); they stay clickable above the card link. */
  actions?: ReactNode;
}

/** A piece of content in the library: preview, title, type, 180°/360°, age and owner. */
export function ContentCard({
  as: Root = 'article',
  title,
  shortTitle,
  titleLevel = 3,
  href,
  imageSrc,
  imagePriority = false,
  placeholderText,
  placeholderIcon,
  placeholderTone = 'neutral',
  mediaBadge,
  mediaOnly = false,
  imageAlt,
  typeLabel,
  viewLabel,
  ageText,
  ownerName,
  badges,
  actions,
}: ContentCardProps) {
  const Link = useLinkComponent();
  const Heading = `h${titleLevel}` as const;
  const shown = shortTitle ?? title;
  const titleText =
    shown === title ? (
      title
    ) : (
      <>
        <span aria-hidden="true">{shown}</span>
        <span className={visuallyHidden}>{title}</span>
      </>
    );
  const hasTags = Boolean(typeLabel || viewLabel || badges);
  const hasMeta = Boolean(ageText || ownerName);
  return (
    <Root className={styles.root}>
      <div className={styles.media}>
        {imageSrc ? (
          // The intrinsic 16:9 size reserves the space before the image loads.
          <img
            className={styles.image}
            src={imageSrc}
            alt={imageAlt}
            width={320}
            height={180}
            loading={imagePriority ? 'eager' : 'lazy'}
            fetchPriority={imagePriority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : placeholderText || placeholderIcon ? (
          <span className={styles.placeholder({ tone: placeholderTone })}>
            {placeholderIcon ? (
              <span className={styles.placeholderIcon} aria-hidden="true">
                {placeholderIcon}
              </span>
            ) : null}
            {placeholderText}
          </span>
        ) : null}
        {mediaBadge ? <span className={styles.mediaBadge}>{mediaBadge}</span> : null}
      </div>
      {mediaOnly ? null : (
        <div className={styles.body}>
          <Heading className={styles.title} title={shown === title ? undefined : title}>
            {href ? (
              <Link href={href} className={styles.titleLink}>
                {titleText}
              </Link>
            ) : (
              titleText
            )}
          </Heading>
          {hasTags ? (
            <div className={styles.tags}>
              {typeLabel ? <Tag size="small">{typeLabel}</Tag> : null}
              {viewLabel ? <Tag size="small">{viewLabel}</Tag> : null}
              {badges}
            </div>
          ) : null}
          {hasMeta ? (
            <p className={styles.meta}>
              {ageText ? <span>{ageText}</span> : null}
              {ownerName ? <span>{ownerName}</span> : null}
            </p>
          ) : null}
          {actions ? <div className={styles.footer}>{actions}</div> : null}
        </div>
      )}
    </Root>
  );
}

export interface ContentCardSkeletonProps {
  /** Read by screen readers while loading, e.g. 'Inhalt wird geladen'. */
  label: string;
}

/** A placeholder of a ContentCard's shape while the library loads. */
export function ContentCardSkeleton({ label }: ContentCardSkeletonProps) {
  return (
    <div className={styles.root} aria-busy="true">
      <span className={visuallyHidden}>{label}</span>
      <div className={styles.media} aria-hidden="true" />
      <div className={styles.body} aria-hidden="true">
        <Skeleton width="80%" height="1.25rem" />
        <Skeleton width="45%" height="1.25rem" />
        <Skeleton width="60%" height="0.875rem" />
      </div>
    </div>
  );
}
