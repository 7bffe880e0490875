import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useCallback } from 'react';
import { countInputProps } from './count-input';

/**
 * A count of stock or of a cart line (ui/count-input.ts): the phone's decimal keypad for a product sold by weight or
 * volume (12.5 kg, ADR 0031), the digits-only one for pieces and packs. Mantine's NumberInput always asks for the
 * decimal keypad (it writes inputMode after the props it is given), so the attribute is set on the input itself;
 * React leaves it, since its own inputMode prop never changes.
 */
export function QuantityInput({ isWeighed, ...props }: NumberInputProps & { isWeighed: boolean }) {
  const keypad = useCallback(
    (input: HTMLInputElement | null) => input?.setAttribute('inputmode', isWeighed ? 'decimal' : 'numeric'),
    [isWeighed],
  );
  return <NumberInput {...countInputProps} {...props} ref={keypad} />;
}
