import type { ContentType } from '@portal/domain';

// Decorative inline icons (hidden from assistive technology: the text beside them says it); colours follow
// the text (currentColor), so the theme decides them.

const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function HelpIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14" />
      <path d="M12 17.5h.01" />
    </svg>
  );
}

/** A fixed size in pixels; without it the icon fills its container (the cards' placeholders). */
interface IconSize {
  size?: number | undefined;
}

function AppIcon({ size }: IconSize) {
  return (
    <svg {...common} width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="18" height="11" rx="4" />
      <path d="M8 12.5h3M9.5 11v3M15 12h.01M17 13.5h.01" />
    </svg>
  );
}

function VideoIcon({ size }: IconSize) {
  return (
    <svg {...common} width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </svg>
  );
}

function WebAppIcon({ size }: IconSize) {
  return (
    <svg {...common} width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z" />
    </svg>
  );
}

/** The icon of a content type (App: a headset controller, Video: a film, Web-App: a globe). */
export function ContentTypeIcon({ type, size }: { type: ContentType } & IconSize) {
  if (type === 'app') return <AppIcon size={size} />;
  if (type === 'video') return <VideoIcon size={size} />;
  return <WebAppIcon size={size} />;
}
