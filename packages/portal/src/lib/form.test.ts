import { describe, expect, it } from 'vitest';
import {
  DURATION_PLACEHOLDER,
  type FormOptions,
  type FormSnapshot,
  formSnapshot,
  formState,
  rangeProblems,
  wholeNumberOf,
} from './form.ts';

interface Values {
  title: string;
  format: string;
  minAge: string;
  maxAge: string;
  duration: string;
  isPublic: boolean;
  languages: string[];
  devices: number[];
  visibility: string;
  preview: { id: number | null; url: string } | null;
}

const INITIAL: Values = {
  title: 'Korallenriff',
  format: '',
  minAge: '',
  maxAge: '',
  duration: '',
  isPublic: false,
  languages: ['de'],
  devices: [3],
  visibility: 'org',
  preview: null,
};

type ErrorKey = 'titleRequired' | 'ageInvalid';
const describeKey = (key: ErrorKey) => `text of ${key}`;

/** A form kept in a plain variable, as React keeps it in state: `form()` is the form of the latest snapshot. */
function testForm(options?: FormOptions) {
  let snapshot: FormSnapshot<Values, ErrorKey> = formSnapshot(INITIAL);
  const form = () =>
    formState(
      snapshot,
      (change) => {
        snapshot = change(snapshot);
      },
      describeKey,
      options,
    );
  return form;
}

const typed = (value: string) => ({ target: { value } });

describe('the field kinds of lib/form.ts', () => {
  it('text and select keep what was typed or chosen', () => {
    const form = testForm();
    expect(form().field('title')).toMatchObject({ name: 'title', value: 'Korallenriff', error: undefined });
    form().field('title').onChange(typed('  Mondlandung '));
    form().select('format').onChange(typed('360'));
    expect(form().values).toMatchObject({ title: '  Mondlandung ', format: '360' });
    expect(form().select('format').value).toBe('360');
  });

  it('numbers and durations stay text as typed, with the digits keyboard and the h:mm:ss sample', () => {
    const form = testForm();
    expect(form().number('minAge').inputMode).toBe('numeric');
    form().number('minAge').onChange(typed('1'));
    form().number('minAge').onChange(typed('12a'));
    expect(form().values.minAge).toBe('12a');
    expect(form().duration('duration')).toMatchObject({
      inputMode: 'numeric',
      placeholder: DURATION_PLACEHOLDER,
    });
    form().duration('duration').onChange(typed('1:02:05'));
    expect(form().values.duration).toBe('1:02:05');
  });

  it('a range binds its two ends as number fields', () => {
    const form = testForm();
    const age = form().range('minAge', 'maxAge');
    expect(age.from).toMatchObject({ name: 'minAge', inputMode: 'numeric' });
    expect(age.to).toMatchObject({ name: 'maxAge', inputMode: 'numeric' });
    age.from.onChange(typed('8'));
    form().range('minAge', 'maxAge').to.onChange(typed('12'));
    expect(form().values).toMatchObject({ minAge: '8', maxAge: '12' });
  });

  it('a checkbox holds a boolean', () => {
    const form = testForm();
    expect(form().checkbox('isPublic').checked).toBe(false);
    form().checkbox('isPublic').onCheckedChange(true);
    expect(form().values.isPublic).toBe(true);
    expect(form().checkbox('isPublic').checked).toBe(true);
  });

  it('choices append a ticked one, drop an unticked one and take a whole new selection', () => {
    const form = testForm();
    expect(form().choices('languages').option('de').checked).toBe(true);
    form().choices('languages').option('en').onCheckedChange(true);
    expect(form().values.languages).toEqual(['de', 'en']);
    form().choices('languages').option('de').onCheckedChange(false);
    expect(form().values.languages).toEqual(['en']);
    expect([...form().choices('devices').selected]).toEqual([3]);
    form()
      .choices('devices')
      .onSelectedChange(new Set([3, 7, 9]));
    expect(form().values.devices).toEqual([3, 7, 9]);
    expect(form().choices('devices').selected.has(7)).toBe(true);
  });

  it('a radio group holds the chosen option', () => {
    const form = testForm();
    expect(form().radio('visibility')).toMatchObject({ name: 'visibility', value: 'org' });
    form().radio('visibility').onValueChange('public');
    expect(form().values.visibility).toBe('public');
  });

  it('a file reference holds whatever the file field hands over', () => {
    const form = testForm();
    form().reference('preview').onChange({ id: 5, url: '/media/preview.png' });
    expect(form().reference('preview').value).toEqual({ id: 5, url: '/media/preview.png' });
    form().reference('preview').onChange(null);
    expect(form().values.preview).toBeNull();
  });
});

describe('the state of a form', () => {
  it('is dirty while its values differ from those loaded or saved last', () => {
    const form = testForm();
    expect(form().dirty).toBe(false);
    form().field('title').onChange(typed('Neu'));
    expect(form().dirty).toBe(true);
    form().field('title').onChange(typed('Korallenriff'));
    expect(form().dirty).toBe(false);
    form().checkbox('isPublic').onCheckedChange(true);
    form().reset({ ...INITIAL, isPublic: true });
    expect(form().dirty).toBe(false);
  });

  it("words its own findings, lets the server's message win at a field and forgets both at the next check", () => {
    const form = testForm();
    expect(form().check({ title: 'titleRequired', minAge: undefined })).toBe(false);
    expect(form().errorText('title')).toBe('text of titleRequired');
    expect(form().field('title').error).toBe('text of titleRequired');
    expect(form().check({})).toBe(true);
    expect(form().errorText('title')).toBeUndefined();
    form().setServerErrors({ title: { text: 'Dieser Titel ist vergeben.' } });
    expect(form().hasServerErrors).toBe(true);
    expect(form().errorText('title')).toBe('Dieser Titel ist vergeben.');
    expect(form().check({})).toBe(true);
    expect(form().hasServerErrors).toBe(false);
  });

  it("keeps the server's message after a change unless told to forget it", () => {
    const keeping = testForm();
    keeping().setServerErrors({ languages: { text: 'Unbekannte Sprache.' } });
    keeping().choices('languages').option('en').onCheckedChange(true);
    expect(keeping().choices('languages').error).toBe('Unbekannte Sprache.');

    const forgetting = testForm({ forgetServerErrorOnChange: true });
    forgetting().setServerErrors({
      languages: { text: 'Unbekannte Sprache.' },
      title: { text: 'Vergeben.' },
    });
    forgetting().choices('languages').option('en').onCheckedChange(true);
    expect(forgetting().choices('languages').error).toBeUndefined();
    expect(forgetting().errorText('title')).toBe('Vergeben.');
    expect(forgetting().hasServerErrors).toBe(true);
  });
});

describe('reading numbers and ranges', () => {
  it('wholeNumberOf: empty is no number, digits are one, anything else is invalid', () => {
    expect(wholeNumberOf('')).toBeNull();
    expect(wholeNumberOf('  ')).toBeNull();
    expect(wholeNumberOf(' 12 ')).toBe(12);
    for (const text of ['-1', '1.5', '12a', '1e3', '1234567890'])
      expect(wholeNumberOf(text), text).toBe('invalid');
  });

  it('rangeProblems: each end a whole number up to the maximum, the start not after the end', () => {
    expect(rangeProblems('', '', 99)).toEqual({});
    expect(rangeProblems('8', '', 99)).toEqual({});
    expect(rangeProblems('10', '10', 99)).toEqual({});
    expect(rangeProblems('12', '10', 99)).toEqual({ from: 'order' });
    expect(rangeProblems('x', '100', 99)).toEqual({ from: 'invalid', to: 'invalid' });
    expect(rangeProblems('100', '5', 99)).toEqual({ from: 'invalid' });
  });
});
