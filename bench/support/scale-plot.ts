/**
 * The scale bench's plot, hand-written SVG (no charting dependency): each cost relative to its value
 * at 1x, against the scale, both axes logarithmic, one line per cost; a dashed line shows growth in
 * proportion to the number of events in the log. A flat line is a cost that does not grow with the log.
 */

export interface PlotSeries {
  label: string;
  /** Value at each scale, same order as the plot's scales (NaN: not measured). */
  values: number[];
  /** Unit of the value, shown with the 1x value in the legend. */
  unit: string;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fmt(value: number, unit: string): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/** Powers of ten covering [min, max]. */
function decades(min: number, max: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) out.push(10 ** e);
  return out;
}

export function scalePlotSvg(options: { title: string; subtitle: string; scales: number[]; events: number[]; series: PlotSeries[] }): string {
  const { scales, events, series } = options;
  const width = 1000;
  const height = 480;
  const margin = { left: 70, right: 400, top: 52, bottom: 56 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const relative = series.map((s) => s.values.map((v) => v / s.values[0]!));
  const eventsRelative = events.map((e) => e / events[0]!);
  const finite = [...relative.flat(), ...eventsRelative].filter((v) => Number.isFinite(v) && v > 0);
  const yTicks = decades(Math.min(0.5, ...finite), Math.max(2, ...finite));
  const [yMin, yMax] = [yTicks[0]!, yTicks[yTicks.length - 1]!];
  const xTicks = decades(Math.min(...scales), Math.max(10, ...scales));
  const [xMin, xMax] = [xTicks[0]!, xTicks[xTicks.length - 1]!];
  const x = (v: number) => margin.left + ((Math.log10(v) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotW;
  const y = (v: number) => margin.top + plotH - ((Math.log10(v) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plotH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`);
  parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  parts.push(`<text x="${margin.left}" y="20" font-size="15" font-weight="600">${escape(options.title)}</text>`);
  parts.push(`<text x="${margin.left}" y="37" fill="#555">${escape(options.subtitle)}</text>`);
  for (const t of yTicks) {
    parts.push(`<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${margin.left - 8}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${t >= 1 ? `${t}x` : `${t}x`}</text>`);
  }
  for (const t of xTicks) {
    parts.push(`<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${x(t).toFixed(1)}" y="${margin.top + plotH + 18}" text-anchor="middle">${t}x</text>`);
  }
  parts.push(`<rect x="${margin.left}" y="${margin.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`);
  parts.push(`<text x="${margin.left + plotW / 2}" y="${height - 14}" text-anchor="middle">scale of the log (1x = seed + 100 users)</text>`);
  parts.push(`<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle">cost relative to 1x</text>`);
  const polyline = (values: number[], attrs: string) => {
    const points = values.map((v, i) => (Number.isFinite(v) && v > 0 ? `${x(scales[i]!).toFixed(1)},${y(v).toFixed(1)}` : null)).filter((p) => p !== null);
    return `<polyline points="${points.join(' ')}" fill="none" ${attrs}/>`;
  };
  parts.push(polyline(eventsRelative, 'stroke="#000" stroke-width="1.5" stroke-dasharray="6 4"'));
  const legendX = margin.left + plotW + 20;
  parts.push(`<line x1="${legendX}" x2="${legendX + 24}" y1="${margin.top + 4}" y2="${margin.top + 4}" stroke="#000" stroke-dasharray="6 4" stroke-width="1.5"/>`);
  parts.push(`<text x="${legendX + 30}" y="${margin.top + 8}">events in the log (${events[0]!.toLocaleString('en-US')} at 1x)</text>`);
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    parts.push(polyline(relative[i]!, `stroke="${color}" stroke-width="2"`));
    relative[i]!.forEach((v, k) => {
      if (Number.isFinite(v) && v > 0) parts.push(`<circle cx="${x(scales[k]!).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${color}"/>`);
    });
    const ly = margin.top + 26 + i * 20;
    parts.push(`<line x1="${legendX}" x2="${legendX + 24}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="2"/>`);
    parts.push(`<text x="${legendX + 30}" y="${ly}">${escape(`${s.label} (${fmt(s.values[0]!, s.unit)} at 1x)`)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
