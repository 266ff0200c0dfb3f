import { ICON_ATTRIBUTES } from './iconAttributes.ts';

/** The question mark of the help link in every page's header. */
export function HelpIcon() {
  return (
    <svg {...ICON_ATTRIBUTES} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14" />
      <path d="M12 17.5h.01" />
    </svg>
  );
}
