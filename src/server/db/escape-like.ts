/** `%`, `_` and `\` in what people type are matched as themselves in LIKE / ILIKE patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}
