import { stripBidiControls } from '@portal/domain';
import { Heading } from '@portal/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title of a page ('Mediathek – Portal') and, for public pages, the meta description that
 * search engines show; pages without one of their own get the portal's general description (index.html has
 * it too, for the first response). Every page calls this once, with the text of its one h1.
 */
export function usePageMeta(title: string | undefined, description?: string): void {
  const { t } = useTranslation();
  // The system draws the tab title, and not every title bar ends an override where an isolate ends: a name with
  // bidi controls is shown there without them (in its stored order) rather than reversing ' – Portal'.
  const documentTitle = stripBidiControls(
    title === undefined ? t('app.brand') : t('meta.title', { page: title }),
  );
  const text = description ?? t('meta.default');
  useEffect(() => {
    document.title = documentTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text;
  }, [documentTitle, text]);
}
/**
 * The one h1 of a page, which also gives the tab its title ('Mediathek – Portal'); public pages pass their meta
 * description.
 * @example <PageHeading description={t('meta.library', { ns: 'common' })}>{t('title')}</PageHeading>
 */
export function PageHeading({ children, description }: { children: string; description?: string }) {
  usePageMeta(children, description);
  return (
    <Heading level={1}>
      {/* Often a name (content, playlist, headset, group): its own direction, never its neighbours'. */}
      <bdi>{children}</bdi>
    </Heading>
  );
}
