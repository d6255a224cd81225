/**
 * The load harness's public surface, for the CLI (`ledger-conformance load <scenario>` and
 * `ledger-conformance load merge`).
 */
export { runLoad, type LoadRunOptions, type LoadRunOutcome } from './run.js';
export { mergeResultFiles, mergeResults, MergeError, type MergeFilesOptions } from './merge.js';
export { parseShard, ShardSpecError } from './shard.js';
export { parseStages, StagesParseError } from './schedule.js';
export { parseThreshold, evaluateThresholds, ThresholdParseError, type GateResult } from './gate.js';
export { compareWithBaseline, type BaselineComparison, type BaselineVerdict } from './baseline.js';
export { readLoadResult, formatSummary, LoadResultError, type LoadResult, type LoadModel } from './result.js';
export { LoadOptionError, loadLimits, loadDefaults } from './limits.js';
export { ScenarioSetupError } from './actors.js';
export { scenarios } from './scenarios/index.js';
