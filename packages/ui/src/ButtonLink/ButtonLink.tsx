import type { ReactNode } from 'react';
import * as buttonStyles from '../Button/Button.css';
import { useLinkComponent } from '../LinkProvider/LinkProvider';

export type ButtonLinkProps = buttonStyles.RootVariants & {
  /** Where it leads; rendered with the LinkProvider's link. */
  href: string;
  /** A decorative icon before the text. */
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * A link that looks like a Button, for a main action that opens a page (e.g. 'Inhalt erstellen' in the orange
 * call to action): it stays a link for assistive technology and the browser (open in a new tab).
 * @example <ButtonLink href="/library/new">{t('create')}</ButtonLink>
 */
export function ButtonLink({ href, variant, size, fullWidth, icon, children }: ButtonLinkProps) {
  const Link = useLinkComponent();
  return (
    <Link href={href} className={buttonStyles.root({ variant, size, fullWidth })}>
      {icon ? (
        <span className={buttonStyles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </Link>
  );
}
ButtonLink.displayName = 'ButtonLink';
