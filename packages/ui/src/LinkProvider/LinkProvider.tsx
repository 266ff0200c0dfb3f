import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** What every ui component passes to the app's link component. */
export interface LinkComponentProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page' | undefined;
}

export type LinkComponent = ComponentType<LinkComponentProps>;

function DefaultLink({ href, ...props }: LinkComponentProps) {
  return <a href={href} {...props} />;
}

const LinkContext = createContext<LinkComponent>(DefaultLink);

export interface LinkProviderProps {
  /**
   * Renders every link of the ui components, so client-side routing works everywhere.
   * @example
   * const RouterLink: LinkComponent = ({ href, ...props }) => <Link to={href} {...props} />;
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
