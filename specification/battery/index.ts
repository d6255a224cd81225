/** Every case of Canton's battery: part 1 (rights, visibility, filters, users), part 2 (what commands do), part 3 (the rest). */
import { cantonProfileOnly, needsFixture, recountDiffers, referenceOnly } from './marks.js';
import { batteryPart1 } from './part1.js';
import { batteryPart2 } from './part2.js';
import { batteryPart3 } from './part3.js';
import type { BatteryCase } from './types.js';

export type { BatteryCase, BatteryCoverage, RecountStatus } from './types.js';

export const batteryCaseKey = (entry: Pick<BatteryCase, 'area' | 'name'>): string => `${entry.area} ${entry.name}`;

function withMarks(entry: BatteryCase): BatteryCase {
  const key = batteryCaseKey(entry);
  const fixture = needsFixture.get(key);
  const reference = referenceOnly.get(key);
  const canton = cantonProfileOnly.get(key);
  const recount = recountDiffers.get(key);
  return {
    ...entry,
    ...(fixture === undefined ? {} : { needsFixture: fixture }),
    ...(reference === undefined ? {} : { referenceOnly: reference }),
    ...(canton === undefined ? {} : { cantonProfileOnly: canton }),
    ...(recount === undefined ? {} : { recount }),
  };
}

export const batteryCases: readonly BatteryCase[] = Object.freeze([...batteryPart1, ...batteryPart2, ...batteryPart3].map(withMarks));
