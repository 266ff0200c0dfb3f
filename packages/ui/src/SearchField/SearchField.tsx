import { type ChangeEvent, forwardRef, type InputHTMLAttributes, useRef, useState } from 'react';
import { FormField, splitFieldProps } from '../FormField/FormField';
import * as fieldStyles from '../FormField/FormField.css';
import * as styles from './SearchField.css';

export type SearchFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'children' | 'type' | 'value' | 'defaultValue'
> & {
  /** Accessible name, e.g. 'Inhalte durchsuchen'. */
  label: string;
  /** Keeps the label for screen readers only (the search icon and placeholder say what it is). */
  hideLabel?: boolean;
  hint?: string;
  error?: string;
  /** Accessible name of the button that empties the field, e.g. 'Suche leeren'. */
  clearLabel: string;
  /** Controlled value. */
  value?: string;
  defaultValue?: string;
  /**
   * Called with the new text on every change and with '' when the field is cleared.
   * @example <SearchField label={t('search')} clearLabel={t('clear')} value={q} onValueChange={setQ} />
   */
  onValueChange?: (value: string) => void;
  id?: string;
};

/** A search input with a search icon and a clear button; Escape clears it too. */
export const SearchField = forwardRef<HTMLInputElement, SearchFieldProps>(
  function SearchField(allProps, ref) {
    const {
      fieldProps,
      controlProps: { clearLabel, value, defaultValue = '', onValueChange, onChange, onKeyDown, ...props },
    } = splitFieldProps(allProps);
    const [uncontrolled, setUncontrolled] = useState(defaultValue);
    const current = value ?? uncontrolled;
    const inputRef = useRef<HTMLInputElement | null>(null);
    const setRefs = (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    };
    const update = (next: string) => {
      if (value === undefined) setUncontrolled(next);
      onValueChange?.(next);
    };
    return (
      <FormField {...fieldProps}>
        {(control) => (
          <div className={fieldStyles.inputWrapper}>
            <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <input
              ref={setRefs}
              type="search"
              className={`${fieldStyles.input} ${styles.input}`}
              value={current}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                update(event.target.value);
                onChange?.(event);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && current !== '') {
                  event.preventDefault();
                  update('');
                }
                onKeyDown?.(event);
              }}
              {...control}
              {...props}
            />
            {current !== '' && !props.disabled ? (
              <button
                type="button"
                className={fieldStyles.inputButton}
                aria-label={clearLabel}
                onClick={() => {
                  update('');
                  inputRef.current?.focus();
                }}
              >
                <svg className={styles.clearIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path
                    d="m3 3 10 10M13 3 3 13"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            ) : null}
          </div>
        )}
      </FormField>
    );
  },
);
SearchField.displayName = 'SearchField';
