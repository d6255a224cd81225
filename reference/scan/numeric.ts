/** Daml `Numeric 10` values, kept as integer counts of 10^-10 so sums stay exact. */

export const NUMERIC_SCALE = 10;
const UNITS_PER_WHOLE = 10n ** BigInt(NUMERIC_SCALE);

/** Scan's `Codec.encode(BigDecimal)`: always exactly ten digits after the point, e.g. `"1234.5000000000"`. */
export function formatNumeric10(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const magnitude = units < 0n ? -units : units;
  const whole = magnitude / UNITS_PER_WHOLE;
  const fraction = (magnitude % UNITS_PER_WHOLE).toString().padStart(NUMERIC_SCALE, '0');
  return `${sign}${whole}.${fraction}`;
}

export function numericUnits(whole: number, fractionUnits: number): bigint {
  return BigInt(whole) * UNITS_PER_WHOLE + BigInt(fractionUnits);
}
