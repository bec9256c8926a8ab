/**
 * Calculator figures, formatted on the server's decimal strings digit by digit (never through a
 * JavaScript number, whose 15-17 digits would print float noise in a large DRIP result):
 * "968059967873940211953.82" → "$968,059,967,873,940,211,953.82". Rounding half away from zero, the
 * server's rule (docs/metrics.md). Null when the text is not a plain decimal.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `value` rounded half-up to `decimals` places, grouped by thousands: "1,234.57" (sign kept apart). */
function roundGrouped(value: string, decimals: number): { negative: boolean; text: string } | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const [, sign = '', whole = '0', frac = ''] = m;
  let digits = (whole + frac.padEnd(decimals, '0').slice(0, decimals)).split('').map(Number);
  if ((frac[decimals] ?? '0') >= '5') {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) digits[i--] = 0;
    if (i < 0) digits = [1, ...digits];
    else digits[i]! += 1;
  }
  const text = digits.join('');
  const intPart = text.slice(0, text.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const out = decimals > 0 ? `${grouped}.${text.slice(text.length - decimals)}` : grouped;
  return { negative: sign === '-' && /[1-9]/.test(out), text: out };
}

/** US dollars with cents: "$12,345.68", "-$3.20"; "N/A" when not a decimal. */
export function calcUsd(value: string): string {
  const r = roundGrouped(value, 2);
  return r === null ? 'N/A' : `${r.negative ? '-' : ''}$${r.text}`;
}

/** A whole number with separators (total shares): "1,235". */
export function calcWhole(value: string): string {
  return roundGrouped(value, 0)?.text ?? 'N/A';
}

/** A signed percentage with 1 decimal (growth): "+23.5%", "-4.0%" (zero counts as positive). */
export function calcSignedPercent(value: string): string {
  const r = roundGrouped(value, 1);
  return r === null ? 'N/A' : `${r.negative ? '-' : '+'}${r.text}%`;
}

/** A percentage with 1 decimal: "132.0%". */
export function calcPercent(value: string): string {
  const r = roundGrouped(value, 1);
  return r === null ? 'N/A' : `${r.negative ? '-' : ''}${r.text}%`;
}
