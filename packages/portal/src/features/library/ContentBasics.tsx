import { CONTENT_FORMATS, CONTENT_TYPES, isContentFormat } from '@portal/domain';
import { Checkbox, FormField, Inline, Select, TextArea, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, languagesQuery } from '../../lib/contentQueries.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import type { ContentFormState } from './contentForm.ts';

/** Von–bis: two number fields under one name ('Altersempfehlung'), each with its own message. */
function AgeRangeField({ form }: { form: ContentFormState }) {
  const { t } = useTranslation('library');
  const age = form.range('minAge', 'maxAge');
  return (
    <FormField label={t('form.age')} labelElement="span" hint={t('form.ageHint')}>
      {(_control, ids) => (
        // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would bring the browser's border and padding, which no @portal/ui style resets
        <div role="group" aria-labelledby={ids.labelId}>
          <Inline gap="medium" alignY="top">
            <TextField label={t('form.minAge')} {...age.from} />
            <TextField label={t('form.maxAge')} {...age.to} />
          </Inline>
        </div>
      )}
    </FormField>
  );
}

/** The languages of the item: one box per language the server knows. */
function LanguagesField({ form }: { form: ContentFormState }) {
  const { t } = useTranslation('library');
  const languages = useQuery(languagesQuery);
  const chosen = form.choices('languages');
  return (
    <FormField label={t('form.languages')} labelElement="span" error={chosen.error}>
      {(control, ids) => (
        // A group named by the label: the boxes are read as 'Sprachen' and the error is linked to it.
        // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would bring the browser's border and padding, which no @portal/ui style resets
        <div role="group" aria-labelledby={ids.labelId} aria-describedby={control['aria-describedby']}>
          <Inline gap="medium">
            {(languages.data ?? []).map((language) => (
              <Checkbox key={language.code} label={language.name} {...chosen.option(language.code)} />
            ))}
          </Inline>
        </div>
      )}
    </FormField>
  );
}

/**
 * Grunddaten: title, description, type and what the type asks for (package name of an app, address of a web app,
 * format, a video's duration), the age range, category and languages.
 */
export function ContentBasics({ form }: { form: ContentFormState }) {
  const { t } = useTranslation('library');
  const categories = useQuery(categoriesQuery);
  const { contentType: type, format } = form.values;
  // A stored format the portal has no name for stays selectable as it is, so saving does not change it.
  const formats: string[] = [...CONTENT_FORMATS];
  if (format !== '' && !isContentFormat(format)) formats.push(format);
  return (
    <>
      <TextField label={t('form.title')} required dir="auto" maxLength={200} {...form.field('title')} />
      <TextArea label={t('form.description')} rows={4} maxLength={10000} {...form.field('description')} />
      <Select
        label={t('form.contentType')}
        options={CONTENT_TYPES.map((value) => ({ value, label: t(`contentType.${value}`) }))}
        {...form.select('contentType')}
      />
      {type === 'app' && (
        <TextField
          label={t('form.packageName')}
          hint={t('form.packageNameHint')}
          required
          {...form.field('packageName')}
        />
      )}
      {type === 'webApp' && (
        <TextField
          label={t('form.url')}
          hint={t('form.urlHint')}
          type="url"
          required
          {...form.field('url')}
        />
      )}
      {type !== 'webApp' && (
        <Select
          label={t('form.format')}
          options={[
            { value: '', label: t('form.formatNone') },
            ...formats.map((value) => ({
              value,
              label: isContentFormat(value) ? t(`formats.${value}`) : value,
            })),
          ]}
          {...form.select('format')}
        />
      )}
      {type === 'video' && (
        <TextField label={t('form.duration')} hint={t('form.durationHint')} {...form.duration('duration')} />
      )}
      <AgeRangeField form={form} />
      <Select
        label={t('form.category')}
        options={[
          { value: '', label: t('form.categoryNone') },
          ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        {...form.select('categoryId')}
      />
      <LanguagesField form={form} />
    </>
  );
}
