/** The printed table: figure, value, goal, and pass/miss (a benchmark reports; it never fails). */
export interface Row {
  figure: string;
  value: string;
  goal?: string;
  /** undefined: no goal (informational). */
  pass?: boolean;
}

export function renderTable(rows: readonly Row[]): string {
  const head: [string, string, string, string] = ['figure', 'value', 'goal', ''];
  const cells = rows.map((r): [string, string, string, string] => [
    r.figure,
    r.value,
    r.goal ?? '',
    r.pass === undefined ? '' : r.pass ? 'pass' : 'MISS',
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[head, ...cells].map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    c
      .map((s, i) => (i === 1 ? s.padStart(widths[i]!) : s.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (n: number) => `${n.toFixed(1)} ms`;
