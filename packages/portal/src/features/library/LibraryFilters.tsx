import { CONTENT_TYPES, type ContentType } from '@portal/domain';
import { Button, Inline, Select } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, languagesQuery } from '../../lib/contentQueries.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { activeFilterCount, DEFAULT_VIEW, type LibraryView, withFilter } from './libraryParams.ts';

/** Ages offered by the age filter: the range school content is recommended for. */
export const FILTER_AGES = Array.from({ length: 16 }, (_, index) => index + 3);

/** The format filter asks by field of view: 180° covers the three 180° formats (spec §3). */
const DEGREE_FILTERS = ['180', '360'] as const;

/** Type, category, language, format, age and scope; every change is a new URL (and history entry). */
export function LibraryFilters({
  view,
  signedIn,
  offerReset,
  onChange,
}: {
  view: LibraryView;
  signedIn: boolean;
  /** False while the empty result offers its own reset: one button of that name per view. */
  offerReset: boolean;
  onChange: (view: LibraryView) => void;
}) {
  const { t } = useTranslation('library');
  const categories = useQuery(categoriesQuery);
  const languages = useQuery(languagesQuery);
  const all = { value: '', label: t('filters.all') };

  return (
    <Inline gap="medium" alignY="bottom">
      <Select
        label={t('filters.type')}
        value={view.type ?? ''}
        options={[all, ...CONTENT_TYPES.map((type) => ({ value: type, label: t(`contentType.${type}`) }))]}
        onChange={(event) =>
          onChange(withFilter(view, { type: (event.currentTarget.value || null) as ContentType | null }))
        }
      />
      <Select
        label={t('filters.category')}
        value={view.category === null ? '' : String(view.category)}
        options={[all, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(withFilter(view, { category: value === '' ? null : Number(value) }));
        }}
      />
      <Select
        label={t('filters.language')}
        value={view.language ?? ''}
        options={[all, ...(languages.data ?? []).map((l) => ({ value: l.code, label: l.name }))]}
        onChange={(event) => onChange(withFilter(view, { language: event.currentTarget.value || null }))}
      />
      <Select
        label={t('filters.format')}
        value={view.format ?? ''}
        options={[all, ...DEGREE_FILTERS.map((value) => ({ value, label: t(`degrees.${value}`) }))]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(withFilter(view, { format: value === '180' || value === '360' ? value : null }));
        }}
      />
      <Select
        label={t('filters.age')}
        value={view.age === null ? '' : String(view.age)}
        options={[all, ...FILTER_AGES.map((age) => ({ value: String(age), label: String(age) }))]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(withFilter(view, { age: value === '' ? null : Number(value) }));
        }}
      />
      {signedIn && (
        <Select
          label={t('filters.scope')}
          value={view.scope ?? ''}
          options={[
            { value: '', label: t('filters.scopeAll') },
            { value: 'own', label: t('filters.scopeOwn') },
            { value: 'shared', label: t('filters.scopeShared') },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(withFilter(view, { scope: value === 'own' || value === 'shared' ? value : null }));
          }}
        />
      )}
      {offerReset && activeFilterCount(view) > 0 && (
        <Button variant="ghost" onClick={() => onChange({ ...DEFAULT_VIEW, search: view.search })}>
          {t('filters.reset')}
        </Button>
      )}
    </Inline>
  );
}
