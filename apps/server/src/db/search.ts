/**
 * An ILIKE pattern matching text that contains `search` literally: its own `\`, `%` and `_`
 * are escaped (backslash is ILIKE's default escape character), so they are not wildcards.
 */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
