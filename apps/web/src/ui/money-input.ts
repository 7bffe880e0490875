import type { GetInputPropsReturnType } from '@mantine/form';
import { isMoneyString, normalizeMoney } from '@oja/contract';
import type { ChangeEvent, FocusEvent } from 'react';

/** Thousands grouped the way receipts, price lists and chat messages print them: "1,500", "12,000.50". */
const GROUPED_THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{0,2})?$/;

/** The naira sign as people write it before an amount: ₦5,000, N5,000, NGN 5000. */
const NAIRA_SIGN = /^(₦|NGN|N)\s*/i;
const PLAIN_AMOUNT = /^\d+(\.\d{0,2})?$/;

/**
 * An amount as a person types or pastes it, as the contract's plain decimal: "1,500" and "₦1,500" are 1500. The
 * sign is taken off an amount, and only commas that group thousands exactly, so no figure changes its value by the
 * reading ("1,50", "1500,000" or "₦" alone stay as typed, for the form to say what an amount looks like); the API
 * itself keeps refusing commas and signs.
 */
export function readTypedMoney(text: string): string {
  const value = text.trim();
  const unsigned = value.replace(NAIRA_SIGN, '');
  if (GROUPED_THOUSANDS.test(unsigned)) return unsigned.replaceAll(',', '');
  return unsigned !== value && PLAIN_AMOUNT.test(unsigned) ? unsigned : text;
}

/**
 * Props that make a Mantine TextInput hold money (or a percentage) typed by a person:
 * the decimal keypad on a phone, and the value kept as the string typed, never a
 * JavaScript number, for the contract's zod money schema to check and send as text.
 * A grouped figure ("1,500") reads as the amount it prints as soon as it is whole (`readTypedMoney`).
 * Focused, the figure in it is selected, so that typing replaces it.
 * With `normalizeOnBlur`, "1500" reads back as "1500.00" once the field is left, as it will be stored.
 */
export function moneyInputProps(props: GetInputPropsReturnType, options: { normalizeOnBlur?: boolean } = {}) {
  return {
    ...props,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(readTypedMoney(event.currentTarget.value)),
    // A figure already there (a balance offered as the payment) is replaced by what is typed, not added to.
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      event.currentTarget.select();
      props.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value.trim();
      if (options.normalizeOnBlur && value && isMoneyString(value) && value !== normalizeMoney(value))
        props.onChange(normalizeMoney(value));
      props.onBlur?.(event);
    },
  };
}
