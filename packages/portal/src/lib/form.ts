import { type FormEvent, useState } from 'react';
import { type ServerMessage, serverMessageText } from './serverErrors.ts';

/** A form's own findings: a translation key per field (the form's namespace), none when the field is fine. */
export type FieldErrors<Values, ErrorKey extends string> = Partial<Record<keyof Values, ErrorKey>>;
/** What the server said about fields, worded by serverFieldMessage (known reasons translated). */
export type ServerFieldErrors<Values> = Partial<Record<keyof Values, ServerMessage | undefined>>;

/** The names of a form's values of one kind, e.g. `NamesOf<Values, boolean>` for its checkboxes. */
export type NamesOf<Values, Kind> = {
  [Name in keyof Values]-?: Values[Name] extends Kind ? Name : never;
}[keyof Values] &
  string;

/** One entry of a list of choices (the languages of content, the headsets of a group). */
type Choice = string | number;
type ChoiceOf<List> = List extends readonly (infer Item extends Choice)[] ? Item : never;

/** A form at one moment: the values as loaded or last saved, what the user made of them, the messages at fields. */
export interface FormSnapshot<Values, ErrorKey extends string> {
  saved: Values;
  values: Values;
  errors: FieldErrors<Values, ErrorKey>;
  serverErrors: ServerFieldErrors<Values>;
}

/** A fresh form: nothing changed, nothing said. */
export function formSnapshot<Values, ErrorKey extends string>(
  values: Values,
): FormSnapshot<Values, ErrorKey> {
  return { saved: values, values, errors: {}, serverErrors: {} };
}

export interface FormOptions {
  /**
   * The server's message at a field goes as soon as the user changes that field (it spoke of the value that was
   * sent). Without it the message stays until the next try, as the form's own messages do.
   */
  forgetServerErrorOnChange?: boolean;
}

/** What a text control of @portal/ui takes (TextField, TextArea, PasswordInput, Select): the value as typed. */
export interface TextBinding<Name extends string = string, Value extends string = string> {
  name: Name;
  value: Value;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}

/** A text field for a number or a duration: the value stays text as typed, the phone offers digits. */
export type NumericBinding<Name extends string = string> = TextBinding<Name> & { inputMode: 'numeric' };

/** What a Checkbox takes. */
export interface CheckboxBinding {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error: string | undefined;
}

/** A list of choices: the chosen ones as a set (HeadsetChecklist), and one box per choice (Checkbox). */
export interface ChoicesBinding<Item extends Choice> {
  selected: ReadonlySet<Item>;
  onSelectedChange: (selected: Iterable<Item>) => void;
  /** One choice's box: ticking adds it at the end, unticking takes it out. */
  option: (item: Item) => { checked: boolean; onCheckedChange: (checked: boolean) => void };
  error: string | undefined;
}

/** What a RadioGroup takes. */
export interface RadioBinding<Name extends string = string> {
  name: Name;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** A value the form keeps but the user changes through a control of its own (uploaded files it refers to). */
export interface ReferenceBinding<Value> {
  value: Value;
  onChange: (value: Value) => void;
  error: string | undefined;
}

/** The sample of the duration format h:mm:ss, as the Mediathek shows durations (spec §9). */
export const DURATION_PLACEHOLDER = '0:00:00';

/**
 * The field kinds of the portal's forms, each with the value the form keeps and its control's props:
 * - text (`field`): string as typed — TextField, TextArea, PasswordInput
 * - select (`select`): the chosen option's value — Select
 * - number (`number`): string as typed, read with {@link wholeNumberOf} — TextField
 * - duration (`duration`): h:mm:ss as typed, read with parseDuration of @portal/domain — TextField
 * - range (`range`): a from–to pair of number fields, checked with {@link rangeProblems}
 * - checkbox (`checkbox`): boolean — Checkbox
 * - choices (`choices`): a list of the chosen values — one Checkbox per choice, HeadsetChecklist
 * - radio (`radio`): the chosen option's value — RadioGroup
 * - file reference (`reference`): the stored files the form refers to — the Mediathek's file fields
 */
export interface FormState<Values, ErrorKey extends string> {
  values: Values;
  /** True when the values differ from those loaded or last saved. */
  dirty: boolean;
  set<Name extends keyof Values>(name: Name, value: Values[Name]): void;
  /** New values (after a save), forgetting every message. */
  reset(values: Values): void;
  /**
   * Shows the form's own findings and forgets the server's messages of the last try; true when nothing was
   * found, so the call may go out.
   */
  check(found: FieldErrors<Values, ErrorKey>): boolean;
  /** The server's messages at their fields (a 400's field errors). */
  setServerErrors(errors: ServerFieldErrors<Values>): void;
  /** True while the server's message stands at one field or more. */
  hasServerErrors: boolean;
  /** The message at a field: the server's (it answered last), else the form's own, else undefined. */
  errorText(name: keyof Values): string | undefined;
  /** A text field. */
  field<Name extends NamesOf<Values, string>>(name: Name): TextBinding<Name, Values[Name] & string>;
  /** A select: the browser reports only the values of its options, so the value keeps its type. */
  select<Name extends NamesOf<Values, string>>(name: Name): TextBinding<Name, Values[Name] & string>;
  /** A whole number, typed. */
  number<Name extends NamesOf<Values, string>>(name: Name): NumericBinding<Name>;
  /** A duration typed as h:mm:ss. */
  duration<Name extends NamesOf<Values, string>>(
    name: Name,
  ): NumericBinding<Name> & { placeholder: typeof DURATION_PLACEHOLDER };
  /** A from–to pair of whole numbers, e.g. an age range. */
  range<From extends NamesOf<Values, string>, To extends NamesOf<Values, string>>(
    from: From,
    to: To,
  ): { from: NumericBinding<From>; to: NumericBinding<To> };
  checkbox(name: NamesOf<Values, boolean>): CheckboxBinding;
  choices<Name extends NamesOf<Values, readonly Choice[]>>(
    name: Name,
  ): ChoicesBinding<ChoiceOf<Values[Name]>>;
  radio<Name extends NamesOf<Values, string>>(name: Name): RadioBinding<Name>;
  reference<Name extends keyof Values>(name: Name): ReferenceBinding<Values[Name]>;
}

type Update<Values, ErrorKey extends string> = (
  change: (previous: FormSnapshot<Values, ErrorKey>) => FormSnapshot<Values, ErrorKey>,
) => void;

/**
 * The form over one snapshot; `update` stores the next one (React state in {@link useFormState}, a plain variable in
 * tests). Pure apart from `update`.
 */
export function formState<Values, ErrorKey extends string>(
  snapshot: FormSnapshot<Values, ErrorKey>,
  update: Update<Values, ErrorKey>,
  describe: (key: ErrorKey) => string,
  options: FormOptions = {},
): FormState<Values, ErrorKey> {
  const { values, errors, serverErrors } = snapshot;
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) =>
    update((previous) => {
      let kept = previous.serverErrors;
      if (options.forgetServerErrorOnChange && kept[name] !== undefined) {
        const { [name]: _changed, ...rest } = kept;
        kept = rest as ServerFieldErrors<Values>;
      }
      return { ...previous, values: { ...previous.values, [name]: value }, serverErrors: kept };
    });
  const errorText = (name: keyof Values) => {
    const server = serverErrors[name];
    if (server) return serverMessageText(server);
    const key = errors[name];
    return key === undefined ? undefined : describe(key);
  };
  const field = <Name extends NamesOf<Values, string>>(name: Name) => ({
    name,
    value: values[name] as Values[Name] & string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as Values[Name]),
    error: errorText(name),
  });
  const number = <Name extends NamesOf<Values, string>>(name: Name) => ({
    ...field(name),
    inputMode: 'numeric' as const,
  });

  return {
    values,
    dirty: JSON.stringify(values) !== JSON.stringify(snapshot.saved),
    set,
    reset: (next) => update(() => formSnapshot(next)),
    check(found) {
      update((previous) => ({ ...previous, errors: found, serverErrors: {} }));
      return Object.values(found).every((key) => key === undefined);
    },
    setServerErrors: (next) => update((previous) => ({ ...previous, serverErrors: next })),
    hasServerErrors: Object.values(serverErrors).some((message) => message !== undefined),
    errorText,
    field,
    select: field,
    number,
    duration: (name) => ({ ...number(name), placeholder: DURATION_PLACEHOLDER }),
    range: (from, to) => ({ from: number(from), to: number(to) }),
    checkbox: (name) => ({
      checked: values[name] as boolean,
      onCheckedChange: (checked) => set(name, checked as Values[typeof name]),
      error: errorText(name),
    }),
    choices<Name extends NamesOf<Values, readonly Choice[]>>(name: Name) {
      type Item = ChoiceOf<Values[Name]>;
      const chosen = values[name] as readonly Item[];
      const store = (next: readonly Item[]) => set(name, next as Values[Name]);
      return {
        selected: new Set(chosen),
        onSelectedChange: (selected: Iterable<Item>) => store([...selected]),
        option: (item: Item) => ({
          checked: chosen.includes(item),
          onCheckedChange: (checked: boolean) =>
            store(checked ? [...chosen, item] : chosen.filter((other) => other !== item)),
        }),
        error: errorText(name),
      };
    },
    radio: (name) => ({
      name,
      value: values[name] as string,
      onValueChange: (value) => set(name, value as Values[typeof name]),
      error: errorText(name),
    }),
    reference: (name) => ({
      value: values[name],
      onChange: (value) => set(name, value),
      error: errorText(name),
    }),
  };
}

/**
 * The one form helper of the portal: the values (each field kind of {@link FormState}), the form's own field errors
 * (translation keys, worded by `describe`) and the server's field errors, with the server's message winning at a
 * field because it answered last. The call itself is a TanStack mutation (its isPending and onError), not state of
 * the form.
 * @example
 * const form = useFormState({ email: '' }, (key) => t(key));
 * <TextField label={t('email')} {...form.field('email')} />
 */
export function useFormState<Values, ErrorKey extends string>(
  initial: Values,
  describe: (key: ErrorKey) => string,
  options?: FormOptions,
): FormState<Values, ErrorKey> {
  const [snapshot, setSnapshot] = useState(() => formSnapshot<Values, ErrorKey>(initial));
  return formState(snapshot, setSnapshot, describe, options);
}

/** A submit handler that keeps the browser from sending the form itself. */
export function onSubmitted(handler: () => void): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    handler();
  };
}

/** After a try: the first field with a message takes the focus, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** A whole number as typed (a number field): null when empty, 'invalid' unless it is digits only. */
export function wholeNumberOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

/** What is wrong with a from–to pair of whole numbers of at most `max` (either end may be empty). */
export function rangeProblems(
  from: string,
  to: string,
  max: number,
): { from?: 'invalid' | 'order'; to?: 'invalid' } {
  const low = wholeNumberOf(from);
  const high = wholeNumberOf(to);
  const valid = (value: number | null | 'invalid') => value === null || (value !== 'invalid' && value <= max);
  const problems: { from?: 'invalid' | 'order'; to?: 'invalid' } = {};
  if (!valid(low)) problems.from = 'invalid';
  if (!valid(high)) problems.to = 'invalid';
  if (!problems.from && !problems.to && typeof low === 'number' && typeof high === 'number' && low > high) {
    problems.from = 'order';
  }
  return problems;
}
