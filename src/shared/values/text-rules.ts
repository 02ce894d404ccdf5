// The zod-free half of ../text-rules.ts (decision 013).

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const ONE_LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function hasControlCharacters(value: string): boolean {
  return ONE_LINE_CONTROL_CHARACTERS.test(value);
}
