import type { GetInputPropsReturnType } from '@mantine/form';
import { isMoneyString, normalizeMoney } from '@oja/contract';
import type { FocusEvent } from 'react';

/**
 * Props that make a Mantine TextInput hold money (or a percentage) typed by a person:
 * the decimal keypad on a phone, and the value kept as the string typed, never a
 * JavaScript number, for the contract's zod money schema to check and send as text.
 * With `normalizeOnBlur`, "1500" reads back as "1500.00" once the field is left, as it will be stored.
 */
export function moneyInputProps(props: GetInputPropsReturnType, options: { normalizeOnBlur?: boolean } = {}) {
  return {
    ...props,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value.trim();
      if (options.normalizeOnBlur && value && isMoneyString(value) && value !== normalizeMoney(value))
        props.onChange(normalizeMoney(value));
      props.onBlur?.(event);
    },
  };
}
