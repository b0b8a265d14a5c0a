/**
 * Inline SVG charts for the savings report: grouped horizontal bars and
 * grouped columns, drawn from numbers alone (no script, no external file).
 * Every text that reaches the markup is escaped.
 *
 * @module
 */

/** One series of a chart: its name and colour. */
export interface Series {
  name: string;
  color: string;
}

/** One row (bars) or one column group. */
export interface Point {
  label: string;
  /** One value per series. */
  values: number[];
}

/** Escapes text for HTML and SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        c
      ]!,
  );
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function legend(series: readonly Series[], y: number, x = 0): string {
  return series.map((s, i) =>
    `<rect x="${
      x + i * 150
    }" y="${y}" width="12" height="12" fill="${s.color}"/>` +
    `<text x="${x + i * 150 + 18}" y="${y + 11}" class="legend">${
      escapeXml(s.name)
    }</text>`
  ).join("");
}

/**
 * Grouped horizontal bars: one row per point, one bar per series, each
 * labelled with its formatted value.
 */
export function horizontalBars(
  title: string,
  points: readonly Point[],
  options: { series: readonly Series[]; format: (n: number) => string },
): string {
  const width = 760;
  const labelWidth = 190;
  const valueWidth = 90;
  const barHeight = 14;
  const rowHeight = options.series.length * (barHeight + 3) + 10;
  const max = Math.max(1, ...points.flatMap((p) => p.values));
  const scale = (width - labelWidth - valueWidth) / max;
  const height = points.length * rowHeight + 30;
  const rows = points.map((point, row) => {
    const top = row * rowHeight;
    const bars = point.values.map((value, i) => {
      const y = top + i * (barHeight + 3);
      const w = Math.max(value > 0 ? 1 : 0, value * scale);
      return `<rect class="bar" x="${labelWidth}" y="${y}" width="${
        w.toFixed(1)
      }" height="${barHeight}" fill="${options.series[i]?.color}"><title>${
        escapeXml(
          `${point.label}, ${options.series[i]?.name}: ${
            options.format(value)
          }`,
        )
      }</title></rect><text x="${(labelWidth + w + 6).toFixed(1)}" y="${
        y + barHeight - 3
      }" class="value">${escapeXml(options.format(value))}</text>`;
    }).join("");
    return `<text x="${labelWidth - 8}" y="${
      top + barHeight
    }" class="label" text-anchor="end">${
      escapeXml(clip(point.label, 28))
    }</text>${bars}`;
  }).join("");
  return `<svg role="img" aria-label="${
    escapeXml(title)
  }" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${
    escapeXml(title)
  }</title>${rows}${legend(options.series, height - 18, labelWidth)}</svg>`;
}

/**
 * Grouped columns over a sequence (days, compactions), with a value axis
 * and the first, middle and last labels under it.
 */
export function columns(
  title: string,
  points: readonly Point[],
  options: { series: readonly Series[]; format: (n: number) => string },
): string {
  const width = 760;
  const height = 240;
  const left = 70;
  const bottom = 50;
  const plotHeight = height - bottom - 10;
  const plotWidth = width - left - 10;
  const max = Math.max(1, ...points.flatMap((p) => p.values));
  const slot = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(
    1,
    Math.min(28, (slot - 4) / options.series.length),
  );
  const axis = [0, 0.5, 1].map((f) => {
    const y = 10 + plotHeight * (1 - f);
    return `<line x1="${left}" x2="${
      width - 10
    }" y1="${y}" y2="${y}" class="grid"/><text x="${left - 6}" y="${
      y + 4
    }" class="value" text-anchor="end">${
      escapeXml(options.format(max * f))
    }</text>`;
  }).join("");
  const labelled = new Set([
    0,
    Math.floor((points.length - 1) / 2),
    points.length - 1,
  ]);
  const bars = points.map((point, index) => {
    const x0 = left + index * slot +
      (slot - barWidth * options.series.length) / 2;
    const group = point.values.map((value, i) => {
      const h = Math.max(value > 0 ? 1 : 0, (value / max) * plotHeight);
      return `<rect class="bar" x="${(x0 + i * barWidth).toFixed(1)}" y="${
        (10 + plotHeight - h).toFixed(1)
      }" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" fill="${
        options.series[i]?.color
      }"><title>${
        escapeXml(
          `${point.label}, ${options.series[i]?.name}: ${
            options.format(value)
          }`,
        )
      }</title></rect>`;
    }).join("");
    const label = labelled.has(index)
      ? `<text x="${(left + index * slot + slot / 2).toFixed(1)}" y="${
        height - bottom + 16
      }" class="label" text-anchor="middle">${
        escapeXml(clip(point.label, 16))
      }</text>`
      : "";
    return group + label;
  }).join("");
  return `<svg role="img" aria-label="${
    escapeXml(title)
  }" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${
    escapeXml(title)
  }</title>${axis}${bars}${legend(options.series, height - 18, left)}</svg>`;
}
