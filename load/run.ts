/**
 * `runLoad`: one load run of a scenario against the configured target, from option checks to the
 * result file, the threshold gate and the baseline comparison.
 */
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { connectTarget, probeTarget, type TargetClient } from '../client/http.js';
import type { ResolvedConfig } from '../config/types.js';
import { runClosedModel, type ModelRunTimes } from './closed-model.js';
import { readBaselineResult } from './baseline.js';
import { concludeRun, type LoadRunOutcome } from './conclude.js';
import { checkThresholdScopes, parseThreshold } from './gate.js';
import { mixableScenarioNames } from './scenarios/mixed.js';
import { bounded, loadDefaults, loadLimits, LoadOptionError } from './limits.js';
import { OpenModelProgress, runOpenModel } from './open-model.js';
import { startProgress, type ProgressSink } from './progress.js';
import { LoadRecorder } from './recorder.js';
import { createSpecResponseValidator } from './spec-validator.js';
import { decodeHistogram, encodeHistogram } from './histogram.js';
import { combineRuns } from './runs.js';
import { checkBaselineFits, checkResultPathWritable } from './preflight.js';
import {
  loadResultFormat,
  summarizeHistogram,
  type LoadModel,
  type LoadResult,
  type LoadRunSettings,
  type OpenModelStats,
  type RampStage,
  type ScenarioFigures,
  type ShardSpec,
} from './result.js';
import { constantRate, rampingRate, type ArrivalSchedule } from './schedule.js';
import { scenarioNamed, scenarios } from './scenarios/index.js';
import { rateShare, shareOf, stagesShare } from './shard.js';
import type { ScenarioContext } from './types.js';

export type { LoadRunOutcome } from './conclude.js';

export interface LoadRunOptions {
  config: ResolvedConfig;
  scenario: string;
  model: LoadModel;
  /** Measured duration (closed model; open model with `rate`). Default 10 s. */
  durationSeconds?: number;
  /** Request count of the measured phase (the whole run, before sharding). Default: the safety cap. */
  requests?: number;
  /**
   * Connections (whole run, before sharding). Closed model: each sends its next request when the last
   * is answered; default 16. Open model: the cap on open connections, beyond which requests are
   * pipelined on them; default maxInFlight (a connection per outstanding request).
   */
  connections?: number;
  /** Closed model: requests in flight per connection. Default 1. */
  pipelining?: number;
  /** Open model: arrival rate in req/s (whole run); with `stages`, the rate the first stage starts from. */
  rate?: number;
  /** Open model: ramping stages (whole run rates). */
  stages?: RampStage[];
  /** Unmeasured warm-up before the measured phase. Default 1 s. */
  warmupSeconds?: number;
  /** Per-request timeout. Default 10 s. */
  timeoutSeconds?: number;
  /** Open model: cap on requests awaiting an answer (this shard). Default 1000. */
  maxInFlight?: number;
  /** Open model: a send later than this after its planned time counts as not sent on time. Default 10 ms. */
  lateThresholdMs?: number;
  /**
   * Open model: sending threads of this process (each shard has its own). Default: `load.workers` of the
   * config, else every core of the machine (os.availableParallelism()).
   */
  workers?: number;
  shard?: ShardSpec;
  /** Where to write the result; default `<load.resultDir>/<scenario>-<model>[-shard-i-of-n]-<time>.json`. */
  resultFile?: string;
  /** A stored result file to compare with. */
  baseline?: string;
  /**
   * Measured runs one after another (each with its warm-up) on the same target and request stream; the
   * result keeps each run, and a baseline comparison uses their spread. Default 1.
   */
  repeat?: number;
  /** Thresholds; default `load.thresholds` of the config. */
  thresholds?: string[];
  /** Aborting (Ctrl-C) stops the run; the partial result is still written. */
  signal?: AbortSignal;
  /** Progress display; default process.stderr; false for none. */
  progress?: ProgressSink | false;
}

interface ResolvedRunOptions {
  settings: LoadRunSettings;
  schedule?: ArrivalSchedule;
  warmupRate: number;
}

export async function runLoad(options: LoadRunOptions): Promise<LoadRunOutcome> {
  const { config } = options;
  const scenario = scenarioNamed(options.scenario);
  if (!scenario) {
    throw new LoadOptionError(`unknown load scenario "${options.scenario}"; known: ${scenarios.map((known) => known.name).join(', ')}`);
  }
  const resolved = resolveRunOptions(options);
  const repeat = bounded('repeat', options.repeat ?? 1, 1, loadLimits.maxRepeat);
  const thresholdSentences = options.thresholds ?? config.load.thresholds;
  const thresholds = thresholdSentences.map(parseThreshold);
  checkThresholdScopes(thresholds, {
    scenario: scenario.name,
    stages: resolved.settings.stages?.length ?? 0,
    mixable: mixableScenarioNames,
  });
  // Bad input is found before any load is sent: the baseline must be a whole measurement of the same
  // scenario and model, and the result file must be writable.
  const baseline = options.baseline === undefined ? undefined : await readBaselineResult(options.baseline);
  if (baseline) checkBaselineFits(baseline, options.baseline!, { scenario: scenario.name, model: options.model });
  checkTokenLifetime(config, resolved.settings, repeat);
  const resultFile = options.resultFile ?? defaultResultFile(config, scenario.name, options.model, options.shard);
  await checkResultPathWritable(resultFile, options.resultFile === undefined ? 'load.resultDir' : '--result');
  const conclude = (result: LoadResult): Promise<LoadRunOutcome> =>
    concludeRun(result, resultFile, thresholds, baseline && { result: baseline, tolerance: config.load.baselineTolerance });
  const validate = createSpecResponseValidator(config.run.profile);
  const resultOf = (
    targetUrl: string,
    recorder: LoadRecorder,
    times: ModelRunTimes,
    open?: { stats: OpenModelStats; plannedRate: number },
  ): LoadResult =>
    buildResult({
      scenario: scenario.name,
      model: options.model,
      targetName: config.target.name,
      targetUrl,
      shard: options.shard ?? null,
      settings: { ...resolved.settings, ...(repeat > 1 ? { repeat } : {}) },
      recorder,
      times,
      ...(open ? { openModel: open.stats, plannedRate: open.plannedRate } : {}),
    });
  // Ctrl-C before the measured phase (target start, seeding): stop there, and write a result that says so.
  const abortedInSetup = (targetUrl: string): Promise<LoadRunOutcome> => {
    const now = Date.now();
    return conclude(
      resultOf(targetUrl, new LoadRecorder({ validate }), { startedAt: now, endedAt: now, aborted: true, abortedDuring: 'setup' }),
    );
  };

  const progressSink = options.progress === false ? undefined : (options.progress ?? process.stderr);
  const target = await openTarget(config, options.signal);
  try {
    if (options.signal?.aborted) return await abortedInSetup(target.participantUrl);
    // Seeding can take minutes before the progress display starts: say what the wait is.
    progressSink?.write(`load ${scenario.name}: preparing against ${target.participantUrl} (seeding is not measured)\n`);
    const context = scenarioContext(config, target.client, options.shard, options.signal);
    const stream = await scenario.prepare(context).catch((error: unknown) => {
      if (options.signal?.aborted) return undefined;
      throw error;
    });
    if (!stream || options.signal?.aborted) return await abortedInSetup(target.participantUrl);
    const runs: LoadResult[] = [];
    for (let run = 0; run < repeat; run += 1) {
      const recorder = new LoadRecorder({ validate });
      const openProgress = options.model === 'open' ? new OpenModelProgress() : undefined;
      const label = repeat > 1 ? `load ${scenario.name} run ${run + 1}/${repeat}` : `load ${scenario.name}`;
      const progress = progressSink && startProgress(openProgress ?? recorder, progressSink, label);
      let times: ModelRunTimes;
      let open: { stats: OpenModelStats; plannedRate: number } | undefined;
      try {
        if (options.model === 'closed') {
          times = await runClosedModel({
            url: target.participantUrl,
            stream,
            connections: resolved.settings.connections!,
            pipelining: resolved.settings.pipelining!,
            durationSeconds: resolved.settings.durationSeconds,
            maxRequests: resolved.settings.maxRequests,
            warmupSeconds: resolved.settings.warmupSeconds,
            timeoutSeconds: resolved.settings.timeoutSeconds,
            recorder,
            ...(options.signal ? { signal: options.signal } : {}),
          });
        } else {
          const outcome = await runOpenModel({
            url: target.participantUrl,
            stream,
            schedule: resolved.schedule!,
            maxRequests: resolved.settings.maxRequests,
            warmupSeconds: resolved.settings.warmupSeconds,
            warmupRate: resolved.warmupRate,
            timeoutSeconds: resolved.settings.timeoutSeconds,
            maxInFlight: resolved.settings.maxInFlight!,
            connections: resolved.settings.connections!,
            lateThresholdMs: resolved.settings.lateThresholdMs!,
            workers: resolved.settings.workers!,
            schemaProfile: config.run.profile,
            recorder,
            ...(openProgress ? { progress: openProgress } : {}),
            ...(options.signal ? { signal: options.signal } : {}),
          });
          times = outcome;
          open = outcome;
        }
      } finally {
        progress?.stop();
      }
      const result = resultOf(target.participantUrl, recorder, times, open);
      // A later run stopped before it measured adds nothing: the runs before it are the result (marked aborted).
      if (run > 0 && result.meta.aborted && result.meta.abortedDuring !== 'measuring') {
        const last = runs[runs.length - 1]!;
        runs[runs.length - 1] = { ...last, meta: { ...last.meta, aborted: true, abortedDuring: 'measuring' } };
        break;
      }
      runs.push(result);
      if (result.meta.aborted) break;
    }
    return await conclude(combineRuns(runs));
  } finally {
    await target.close();
  }
}

function resolveRunOptions(options: LoadRunOptions): ResolvedRunOptions {
  const { shard } = options;
  const scenarioOptions = options.config.load.scenarios[options.scenario] ?? {};
  const durationSeconds = bounded(
    'durationSeconds',
    options.durationSeconds ?? loadDefaults.durationSeconds,
    0.1,
    loadLimits.maxDurationSeconds,
  );
  const requested =
    options.requests === undefined ? loadLimits.maxRequests : bounded('requests', options.requests, 1, loadLimits.maxRequests);
  const maxRequests = shareOf(Math.floor(requested), shard);
  if (maxRequests < 1)
    throw new LoadOptionError(
      `requests = ${requested} leaves nothing for shard ${shard?.index}/${shard?.count}; use at least one request per shard`,
    );
  const common = {
    durationSeconds,
    maxRequests,
    warmupSeconds: bounded('warmupSeconds', options.warmupSeconds ?? loadDefaults.warmupSeconds, 0, loadLimits.maxWarmupSeconds),
    timeoutSeconds: bounded('timeoutSeconds', options.timeoutSeconds ?? loadDefaults.timeoutSeconds, 0.1, loadLimits.maxTimeoutSeconds),
    scenarioOptions,
  };
  if (options.model === 'closed') {
    if (options.rate !== undefined || options.stages !== undefined || options.workers !== undefined) {
      throw new LoadOptionError(
        'rate, stages and workers belong to the open model; use --model open, or connections/pipelining for the closed model',
      );
    }
    const connections = bounded('connections', options.connections ?? loadDefaults.connections, 1, loadLimits.maxConnections);
    return {
      settings: {
        ...common,
        connections: Math.max(1, shareOf(Math.floor(connections), shard)),
        pipelining: bounded('pipelining', options.pipelining ?? loadDefaults.pipelining, 1, loadLimits.maxPipelining),
      },
      warmupRate: 0,
    };
  }
  if (options.model !== 'open') throw new LoadOptionError(`unknown load model "${String(options.model)}"; use closed or open`);
  if (options.pipelining !== undefined) {
    throw new LoadOptionError(
      'pipelining belongs to the closed model; the open model pipelines by itself once all its connections are busy (see connections)',
    );
  }
  const stages = options.stages?.map((stage, index) => ({
    durationSeconds: bounded(`stages[${index}].durationSeconds`, stage.durationSeconds, 0.1, loadLimits.maxDurationSeconds),
    targetRate: bounded(`stages[${index}].targetRate`, stage.targetRate, 0, loadLimits.maxRate),
  }));
  if (options.rate === undefined && !stages?.length)
    throw new LoadOptionError('the open model needs an arrival rate (--rate N req/s) or ramping stages');
  const rate = bounded('rate', options.rate ?? 0, 0, loadLimits.maxRate);
  const schedule = stages?.length
    ? rampingRate(rateShare(rate, shard), stagesShare(stages, shard))
    : constantRate(rateShare(rate, shard), durationSeconds);
  if (schedule.durationSeconds > loadLimits.maxDurationSeconds) {
    throw new LoadOptionError(`the stages last ${schedule.durationSeconds} s in total; the cap is ${loadLimits.maxDurationSeconds} s`);
  }
  const firstRate = stages?.length ? rate || stages[0]!.targetRate : rate;
  const maxInFlight = bounded('maxInFlight', options.maxInFlight ?? loadDefaults.maxInFlight, 1, loadLimits.maxInFlight);
  return {
    settings: {
      ...common,
      durationSeconds: schedule.durationSeconds,
      ...(options.rate !== undefined ? { rate } : {}),
      ...(stages?.length ? { stages } : {}),
      maxInFlight,
      connections:
        options.connections === undefined
          ? maxInFlight
          : Math.max(1, shareOf(Math.floor(bounded('connections', options.connections, 1, loadLimits.maxConnections)), shard)),
      lateThresholdMs: bounded('lateThresholdMs', options.lateThresholdMs ?? loadDefaults.lateThresholdMs, 0, 60_000),
      workers: bounded('workers', options.workers ?? options.config.load.workers ?? availableParallelism(), 1, loadLimits.maxWorkers),
    },
    schedule,
    warmupRate: rateShare(firstRate, shard),
  };
}

/** Self-signed tokens are minted once per run: they must outlive it (seeding included). */
function checkTokenLifetime(config: ResolvedConfig, settings: LoadRunSettings, repeat: number): void {
  const auth = config.target.auth;
  if (auth.kind !== 'hs256' && auth.kind !== 'rs256' && auth.kind !== 'es256') return;
  const needed = Math.ceil(repeat * (settings.warmupSeconds + settings.durationSeconds) + settings.timeoutSeconds + 60);
  if (auth.tokenLifetimeSeconds < needed) {
    throw new LoadOptionError(
      `the run needs tokens valid for ${needed} s but target.auth.tokenLifetimeSeconds is ${auth.tokenLifetimeSeconds} (${config.source}); raise it or shorten the run`,
    );
  }
}

interface OpenTarget {
  participantUrl: string;
  /** The run's one client (and token provider), for seeding; the load models send on their own connections. */
  client: TargetClient;
  close(): Promise<void>;
}

/** Seeding requests wait as long as undici's default: a slow node's seeding is no fault of the load run. */
const SEEDING_TIMEOUT_MS = 300_000;

/**
 * Load only ever goes to the configured target. The reference target is started in-process (imported
 * on demand, as the suites' runner does, so a remote run never loads it). A probe of a remote target
 * cut short by Ctrl-C is no failure: the caller sees the signal aborted.
 */
async function openTarget(config: ResolvedConfig, signal: AbortSignal | undefined): Promise<OpenTarget> {
  const withClient = (participantUrl: string, closeTarget: () => Promise<void>): OpenTarget => {
    const client = connectTarget(config.target, { participant: participantUrl }, SEEDING_TIMEOUT_MS);
    return {
      participantUrl,
      client,
      close: async () => {
        await client.close();
        await closeTarget();
      },
    };
  };
  if (config.target.kind === 'reference') {
    const { startReference } = await import('../reference/index.js');
    const reference = await startReference({ target: config.target });
    return withClient(reference.participantUrl, () => reference.close());
  }
  const participantUrl = config.target.participant.replace(/\/+$/, '');
  try {
    await probeTarget(participantUrl, 'participant', signal ? { signal } : {});
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
  return withClient(participantUrl, async () => {});
}

/** What a scenario prepares itself with: seeding goes through the run's one client and its token provider. */
function scenarioContext(
  config: ResolvedConfig,
  client: TargetClient,
  shard: ShardSpec | undefined,
  signal: AbortSignal | undefined,
): ScenarioContext {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const sendSignal = signal && requestSignal(signal);
  const shardTag = shard ? `-s${shard.index}of${shard.count}` : '';
  return {
    target: config.target,
    fixtures: config.target.fixtures,
    participantUrl: client.endpoints.participant,
    tokens: client.tokens,
    optionsOf: (name) => config.load.scenarios[name] ?? {},
    commandIdPrefix: `load-${runId}${shardTag}`,
    async send(request) {
      // The scenario's headers carry its actor's token; the path is the participant's (a load request names no API).
      const response = await client.send({
        api: 'participant',
        method: request.method,
        path: request.path,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(sendSignal ? { signal: sendSignal } : {}),
      });
      return { status: response.status, body: response.text };
    },
    ...(sendSignal ? { signal: sendSignal } : {}),
  };
}

/**
 * The run's signal as seen by concurrent seeding requests: each one in flight listens to it (undici
 * lets go of a request's listener when its body closes, a tick after the next request of the same
 * worker registered), more than Node's default of 10 before it warns of a leak; so they listen to a
 * signal of the run's own with a bound that fits.
 */
function requestSignal(signal: AbortSignal): AbortSignal {
  const ownSignal = AbortSignal.any([signal]);
  setMaxListeners(2 * loadLimits.maxSetupConcurrency, ownSignal);
  return ownSignal;
}

function defaultResultFile(config: ResolvedConfig, scenario: string, model: LoadModel, shard: ShardSpec | undefined): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const shardPart = shard ? `-shard-${shard.index}-of-${shard.count}` : '';
  return join(config.load.resultDir, `${scenario}-${model}${shardPart}-${stamp}.json`);
}

export interface BuildResultInput {
  scenario: string;
  model: LoadModel;
  targetName: string;
  targetUrl: string;
  shard: ShardSpec | null;
  settings: LoadRunSettings;
  recorder: LoadRecorder;
  times: ModelRunTimes;
  openModel?: OpenModelStats;
  plannedRate?: number;
}

export function buildResult(input: BuildResultInput): LoadResult {
  const { recorder, times } = input;
  const measuredSeconds = (times.endedAt - times.startedAt) / 1000;
  // Rates over a phase that never ran (aborted before it) are zero, not a division by zero.
  const rateSeconds = Math.max(0.001, measuredSeconds);
  return {
    format: loadResultFormat,
    meta: {
      scenario: input.scenario,
      model: input.model,
      targetName: input.targetName,
      targetUrl: input.targetUrl,
      shard: input.shard,
      mergedFrom: 1,
      startedAt: times.startedAt,
      endedAt: times.endedAt,
      measuredSeconds,
      aborted: times.aborted,
      ...(times.aborted ? { abortedDuring: times.abortedDuring ?? 'measuring' } : {}),
      settings: input.settings,
    },
    requests: { ...recorder.counts },
    rps: {
      achieved: recorder.counts.ok / rateSeconds,
      responses: recorder.counts.completed / rateSeconds,
      ...(input.plannedRate !== undefined ? { planned: input.plannedRate } : {}),
    },
    latencyUs: summarizeHistogram(recorder.latencyUs),
    statusCodes: { ...recorder.statusCodes },
    errorCodes: { ...recorder.errorCodes },
    transportErrors: { ...recorder.transportErrorMessages },
    schemaCheck: { ...recorder.checker.schemaCheck, firstFailures: [...recorder.checker.schemaCheck.firstFailures] },
    ...(input.openModel ? { openModel: input.openModel } : {}),
    throughput: recorder.series(),
    ...scenarioFigures(recorder, rateSeconds),
    histogram: encodeHistogram(recorder.latencyUs),
  };
}

function scenarioFigures(recorder: LoadRecorder, rateSeconds: number): { scenarios?: Record<string, ScenarioFigures> } {
  const snapshots = recorder.scenarioSnapshots();
  if (!snapshots) return {};
  return {
    scenarios: Object.fromEntries(
      Object.entries(snapshots).map(([name, figures]) => [
        name,
        {
          requests: { completed: figures.completed, ok: figures.ok, errors: figures.errors },
          rps: figures.ok / rateSeconds,
          latencyUs: summarizeHistogram(decodeHistogram(figures.histogram)),
          histogram: figures.histogram,
        },
      ]),
    ),
  };
}
