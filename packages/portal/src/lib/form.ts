import { type FormEvent, useState } from 'react';
import { type ServerMessage, serverMessageText } from './serverErrors.ts';

/** A form's own findings: a translation key per field (the form's namespace), none when the field is fine. */
export type FieldErrors<Values, ErrorKey extends string> = Partial<Record<keyof Values, ErrorKey>>;
/** What the server said about fields, worded by serverFieldMessage (known reasons translated). */
export type ServerFieldErrors<Values> = Partial<Record<keyof Values, ServerMessage | undefined>>;

/** Form values are text as typed (numbers too), so a half-typed value is never lost or coerced. */
export type TextValues<Values> = { [Name in keyof Values]: string };

export interface FormState<Values extends TextValues<Values>, ErrorKey extends string> {
  values: Values;
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
  /** The message at a field: the server's (it answered last), else the form's own, else undefined. */
  errorText(name: keyof Values): string | undefined;
  /** Everything a text field of @portal/ui needs: name, value, onChange and error. */
  field<Name extends keyof Values & string>(
    name: Name,
  ): {
    name: Name;
    value: Values[Name];
    onChange: (event: { target: { value: string } }) => void;
    error: string | undefined;
  };
}

/**
 * The one form helper of the portal: values as typed text, the form's own field errors (translation keys,
 * worded by `describe`) and the server's field errors, with the server's message winning at a field because it
 * answered last. The call itself is a TanStack mutation (its isPending and onError), not state of the form.
 * @example
 * const form = useFormState({ email: '' }, (key) => t(key));
 * <TextField label={t('email')} {...form.field('email')} />
 */
export function useFormState<Values extends TextValues<Values>, ErrorKey extends string>(
  initial: Values,
  describe: (key: ErrorKey) => string,
): FormState<Values, ErrorKey> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values, ErrorKey>>({});
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors<Values>>({});

  const errorText = (name: keyof Values) => {
    const server = serverErrors[name];
    if (server) return serverMessageText(server);
    const key = errors[name];
    return key === undefined ? undefined : describe(key);
  };

  return {
    values,
    set: (name, value) => setValues((previous) => ({ ...previous, [name]: value })),
    reset(next) {
      setValues(next);
      setErrors({});
      setServerErrors({});
    },
    check(found) {
      setErrors(found);
      setServerErrors({});
      return Object.values(found).every((key) => key === undefined);
    },
    setServerErrors,
    errorText,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (event) => setValues((previous) => ({ ...previous, [name]: event.target.value })),
      error: errorText(name),
    }),
  };
}

/** A submit handler that keeps the browser from sending the form itself. */
export function onSubmitted(handler: () => void): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    handler();
  };
}
