/**
 * A hand-written SVG line chart: cumulative deletes over unscaled time, with the ceiling line
 * (1,200 deletes per minute from the first call). No chart dependency.
 */
export interface ChartInput {
  series: readonly { tMs: number; deleted: number }[];
  ceilingPerMin: number;
  scale: number;
  title: string;
}

const W = 760;
const H = 420;
const M = { left: 64, right: 24, top: 48, bottom: 52 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? raw) as number;
}

export function renderChart({ series, ceilingPerMin, scale, title }: ChartInput): string {
  const lastT = series.at(-1)?.tMs ?? 0;
  const maxMin = Math.max(0.5, lastT / 60_000) * 1.05;
  const maxY = Math.max(series.at(-1)?.deleted ?? 0, ceilingPerMin * maxMin) * 1.02;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (min: number) => M.left + (min / maxMin) * pw;
  const y = (n: number) => M.top + ph - (n / maxY) * ph;
  const parts: string[] = [];
  const xStep = niceStep(maxMin, 8);
  for (let t = 0; t <= maxMin + 1e-9; t += xStep) {
    parts.push(`<line x1="${x(t)}" y1="${M.top}" x2="${x(t)}" y2="${M.top + ph}" stroke="#eee"/>`);
    parts.push(`<text x="${x(t)}" y="${M.top + ph + 18}" text-anchor="middle">${+t.toFixed(2)}</text>`);
  }
  const yStep = niceStep(maxY, 6);
  for (let n = 0; n <= maxY + 1e-9; n += yStep) {
    parts.push(`<line x1="${M.left}" y1="${y(n)}" x2="${M.left + pw}" y2="${y(n)}" stroke="#eee"/>`);
    parts.push(`<text x="${M.left - 8}" y="${y(n) + 4}" text-anchor="end">${Math.round(n)}</text>`);
  }
  // The ceiling: from the first batch call (the runner's start-up is not counted against it).
  const t0 = (series[1]?.tMs ?? 0) / 60_000;
  const ceilEnd = Math.min(maxMin, t0 + maxY / ceilingPerMin);
  const ceiling = `<line x1="${x(t0)}" y1="${y(0)}" x2="${x(ceilEnd)}" y2="${y((ceilEnd - t0) * ceilingPerMin)}" stroke="#c0392b" stroke-dasharray="6 4" stroke-width="1.5"/>`;
  const points = series.map((p) => `${x(p.tMs / 60_000).toFixed(1)},${y(p.deleted).toFixed(1)}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">
<rect width="${W}" height="${H}" fill="#fff"/>
<text x="${W / 2}" y="22" text-anchor="middle" font-size="15" font-weight="600">${esc(title)}</text>
<text x="${W / 2}" y="38" text-anchor="middle" fill="#555">time-scaled ×${scale}: 1 s here = ${scale} s on the service; axes in service (unscaled) time</text>
${parts.join('\n')}
<line x1="${M.left}" y1="${M.top + ph}" x2="${M.left + pw}" y2="${M.top + ph}" stroke="#333"/>
<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${M.top + ph}" stroke="#333"/>
${ceiling}
<polyline points="${points}" fill="none" stroke="#2563eb" stroke-width="2"/>
<text x="${M.left + pw / 2}" y="${H - 12}" text-anchor="middle">minutes (unscaled)</text>
<text transform="translate(16 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">deletes (cumulative)</text>
<g transform="translate(${M.left + 12} ${M.top + 10})">
<line x1="0" y1="0" x2="24" y2="0" stroke="#2563eb" stroke-width="2"/><text x="30" y="4">deletes sent (one point per batch call)</text>
<line x1="0" y1="18" x2="24" y2="18" stroke="#c0392b" stroke-dasharray="6 4" stroke-width="1.5"/><text x="30" y="22">ceiling ${ceilingPerMin.toLocaleString('en-US')}/min (40 batch calls × 30)</text>
</g>
</svg>
`;
}
