import { useOutletContext } from 'react-router';

/**
 * What the app shell (app/shell/RootLayout.tsx) tells the pages it renders, so a page that only needs to know whether
 * someone is signed in does not load the session and API modules for it (the index page: its own small chunk).
 */
export interface ShellContext {
  signedIn: boolean;
}

export function useShellContext(): ShellContext {
  return useOutletContext<ShellContext>();
}
