// Reads a /metrics answer (the Prometheus text format) back into samples, for the tests that check
// what an operator's alerts would see.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text-format answer (comment lines left out). */
export function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key as string] = value as string;
      }
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The one sample of `name` with (at least) these labels; undefined when there is none. */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
