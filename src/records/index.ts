/** Records, replay, positions and perft (issue #3). */
export { recordOf, RECORD_VERSION, type GameRecord, type RecordMetadata } from './game-record.js';
