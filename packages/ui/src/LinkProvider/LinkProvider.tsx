import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type ReactNode,
  type Ref,
  useContext,
} from 'react';

/**
 * What the ui components pass to the app's link component: `href`, `className`, `aria-current` and children,
 * and for links inside a Menu (Menu.LinkItem) the menu item's role, focus handling, events and ref. The app's
 * component must hand every prop on to its anchor.
 */
export type LinkComponentProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
};

export type LinkComponent = ComponentType<LinkComponentProps>;

function DefaultLink({ href, ...props }: LinkComponentProps) {
  return <a href={href} {...props} />;
}

const LinkContext = createContext<LinkComponent>(DefaultLink);

export interface LinkProviderProps {
  /**
   * Renders every link of the ui components, so client-side routing works everywhere.
   * @example
   * const RouterLink: LinkComponent = ({ href, ...props }) => <Link to={href} {...props} />; // every prop on
   * <LinkProvider component={RouterLink}>…</LinkProvider>
   */
  component: LinkComponent;
  children: ReactNode;
}

/** Tells Breadcrumb, NavLink and AppShell which link component to render (default: a plain <a>). */
export function LinkProvider({ component, children }: LinkProviderProps) {
  return <LinkContext.Provider value={component}>{children}</LinkContext.Provider>;
}

/** The link component chosen by the nearest LinkProvider. */
export function useLinkComponent(): LinkComponent {
  return useContext(LinkContext);
}
