import { TextInput, type TextInputProps } from '@mantine/core';
import { formatDayInWords } from '../lib/format';

/**
 * The one date input of the app: the phone's own date picker, with the day it holds said in words beside it
 * ("Sat, 5 Dec 2026"). The browser draws the field in its own locale's order, 12/05/2026 on a phone set to US
 * English, which an en-NG shop reads as the 12th of May; the words leave no doubt which day was picked.
 */
export function DateField({ description, ...props }: Omit<TextInputProps, 'type'>) {
  const words = typeof props.value === 'string' ? formatDayInWords(props.value) : null;
  return (
    <TextInput
      {...props}
      type="date"
      description={
        words || description ? (
          <>
            {words && (
              <strong data-day-in-words="" aria-live="polite">
                {words}
              </strong>
            )}
            {words && description ? ' · ' : null}
            {description}
          </>
        ) : undefined
      }
    />
  );
}
