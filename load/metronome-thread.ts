/** The metronome's thread (see metronome.ts): started by the open model next to its sending threads. */
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { runMetronome, type MetronomeMemory } from './metronome.js';

runMetronome(workerData.memory as MetronomeMemory, workerData.port as MessagePort);
