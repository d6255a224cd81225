import type { BatteryCase } from './types.js';

export const batteryPart1: readonly BatteryCase[] = [];
