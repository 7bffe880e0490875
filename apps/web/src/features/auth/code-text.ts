/** The digits of a mailed code. */
const CODE_LENGTH = 6;

/**
 * What a code field keeps of what was typed or pasted: no spaces or line breaks (a code copied from a mail
 * often brings one; some mails show it as "383 136"), then at most CODE_LENGTH characters. The field has no
 * maxLength of its own, which the browser applies first and so cut " 383136" to " 38313".
 */
export function codeText(value: string): string {
  return value.replace(/\s+/g, '').slice(0, CODE_LENGTH);
}
