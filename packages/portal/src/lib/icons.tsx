import type { ContentType } from '@portal/domain';
import type { ReactNode } from 'react';
import { ICON_ATTRIBUTES } from './iconAttributes.ts';

// The content-type icons (the help icon of the header: HelpIcon.tsx).

/** A fixed size in pixels; without it the icon fills its container (the cards' placeholders). */
interface IconSize {
  size?: number | undefined;
}

/** What each icon draws inside the shared 24-pixel frame. */
const SHAPES: Record<ContentType, ReactNode> = {
  app: (
    <>
      <rect x="3" y="7" width="18" height="11" rx="4" />
      <path d="M8 12.5h3M9.5 11v3M15 12h.01M17 13.5h.01" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </>
  ),
  webApp: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z" />
    </>
  ),
};

/** The icon of a content type (App: a headset controller, Video: a film, Web-App: a globe). */
export function ContentTypeIcon({ type, size }: { type: ContentType } & IconSize) {
  return (
    <svg {...ICON_ATTRIBUTES} width={size} height={size} aria-hidden="true" focusable="false">
      {SHAPES[type]}
    </svg>
  );
}
