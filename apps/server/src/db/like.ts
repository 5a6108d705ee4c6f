/**
 * The LIKE/ILIKE pattern for "contains `text`": its own `%`, `_` and `\` taken literally
 * (escaped with PostgreSQL's default escape character), so a search for `50%` or `a_b` finds
 * exactly that text.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
