import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, languagesQuery } from '../../lib/contentQueries.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import type { LibraryView } from './libraryParams.ts';

/**
 * The search and filters that narrow the view down, as the teacher reads them ('Suche „Mond“', 'Inhaltstyp: App'),
 * for the empty result to name. Categories and languages by their names once the lookups have arrived.
 */
export function useActiveFilterNames(view: LibraryView): string[] {
  const { t } = useTranslation('library');
  // Asked for only when the view filters by them: the Mediathek's first frame needs neither, and each answer would
  // draw the whole page again.
  const categories = useQuery({ ...categoriesQuery, enabled: view.category !== null });
  const languages = useQuery({ ...languagesQuery, enabled: Boolean(view.language) });
  const named = (name: string, value: string) => t('noMatch.filter', { name, value });
  const names: string[] = [];
  if (view.search.trim() !== '') names.push(t('noMatch.search', { search: view.search.trim() }));
  if (view.type) names.push(named(t('filters.type'), t(`contentType.${view.type}`)));
  if (view.category !== null) {
    const category = categories.data?.find((c) => c.id === view.category)?.name;
    names.push(named(t('filters.category'), category ?? String(view.category)));
  }
  if (view.language) {
    const language = languages.data?.find((l) => l.code === view.language)?.name;
    names.push(named(t('filters.language'), language ?? view.language));
  }
  if (view.format) names.push(named(t('filters.format'), t(`degrees.${view.format}`)));
  if (view.age !== null) names.push(named(t('filters.age'), String(view.age)));
  if (view.scope) {
    names.push(
      named(t('filters.scope'), t(view.scope === 'own' ? 'filters.scopeOwn' : 'filters.scopeShared')),
    );
  }
  return names;
}
