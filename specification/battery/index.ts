/** Every mapped case of Canton's battery: part 1 (rights, visibility, filters, users), part 2 (what commands do). */
import { batteryPart1 } from './part1.js';
import { batteryPart2 } from './part2.js';
import type { BatteryCase } from './types.js';

export type { BatteryCase, BatteryCoverage } from './types.js';

export const batteryCases: readonly BatteryCase[] = Object.freeze([...batteryPart1, ...batteryPart2]);
