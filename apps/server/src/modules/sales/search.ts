/** An ILIKE pattern matching text that contains `search` literally (its % and _ are not wildcards). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
