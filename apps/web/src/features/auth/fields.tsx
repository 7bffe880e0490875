import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { codeText } from './code-text';

/**
 * The inputs the account forms share, with what a phone needs from them: the
 * right keyboard, autofill hints, and no capitalised first letter in an email.
 */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" autoCapitalize="none" {...props} />;
}

/**
 * A mailed 6-digit code: the number pad, and the code offered from the SMS/mail by the phone's keyboard.
 * Spaces typed or pasted with it are dropped before its length is cut (code-text.ts).
 */
export function CodeInput({ onChange, ...props }: TextInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      {...props}
      onChange={(event) => {
        event.currentTarget.value = codeText(event.currentTarget.value);
        onChange?.(event);
      }}
    />
  );
}

export function NewPasswordInput(props: PasswordInputProps) {
  return <PasswordInput label="Password" description="At least 8 characters." autoComplete="new-password" {...props} />;
}
