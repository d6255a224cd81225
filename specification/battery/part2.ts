import type { BatteryCase } from './types.js';

export const batteryPart2: readonly BatteryCase[] = [];
