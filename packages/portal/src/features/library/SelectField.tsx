import { Stack, Text } from '@portal/ui';
import { type SelectHTMLAttributes, useId } from 'react';

const selectStyle = {
  font: 'inherit',
  padding: '0.5rem 0.75rem',
  borderRadius: '8px',
  minWidth: '10rem',
  maxWidth: '100%',
} as const;

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform, no extra JavaScript). */
export function SelectField({
  label,
  options,
  error,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: string;
  options: readonly SelectOption[];
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Stack gap="xsmall">
      <label htmlFor={id}>
        <Text as="span" size="small" weight="semibold">
          {label}
        </Text>
      </label>
      <select
        id={id}
        style={selectStyle}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <Text id={errorId} tone="critical" size="small">
          {error}
        </Text>
      )}
    </Stack>
  );
}
