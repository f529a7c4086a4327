/**
 * Records, replay and perft; positions are set up in `src/setup/`. The record itself
 * (`recordOf`, `GameRecord`) is the core's, exported by core/index.ts.
 */
export { formatRecord } from './format-record.js';
export { parseRecord, recordProblems } from './parse-record.js';
export {
  RecordError,
  isRecordError,
  RECORD_ERROR_CODES,
  type RecordErrorCode,
  type RecordProblem,
  type StartProblem,
} from './record-error.js';
export {
  replay,
  type ReplayResult,
  type ReplayOptions,
  type MoveVerdict,
  type MovePlace,
  type LegalVerdict,
  type IllegalVerdict,
  type UnreachedVerdict,
} from './replay.js';
export { perft, perftDivide, MAX_PERFT_DEPTH } from './perft.js';
