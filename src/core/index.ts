/** The rules core: the pure reducer and everything it is made of. */
export { createGame } from './setup.js';
export { areasPerSeat } from './players.js';
export { upcomingTurns, MAX_UPCOMING_TURNS, type TurnOrderSource } from './upcoming-turns.js';
export { apply, legalMoves } from './apply.js';
export { checkMove, isLegalMove, type MoveCheck } from './check-move.js';
export type { MoveSource, SeatView } from './position.js';
export { locateCard, inactiveValue, discardPile, cardsInUse, type CardLocation } from './card-location.js';
export {
  STANDARD_DECK,
  MAX_CARD_ID,
  deckProblems,
  isStandardDeck,
  type DeckProblem,
  type DeckProblemCode,
  type CardId,
  type CardDefinition,
  type DeckDefinition,
  type HeldCard,
} from './cards.js';
export {
  IllegalMoveError,
  GameSetupError,
  ArgumentError,
  isArgumentError,
  ARGUMENT_ERROR_CODES,
  type ArgumentErrorCode,
  isIllegalMoveError,
  isGameSetupError,
  isDnupError,
  DNUP_ERROR_NAMES,
  type DnupError,
  MOVE_ERROR_CODES,
  SETUP_ERROR_CODES,
  RULE_OF_CODE,
  type MoveErrorCode,
  type SetupErrorCode,
} from './errors.js';
export {
  isMove,
  MOVE_TYPES,
  type Move,
  type MoveType,
  type PlayMove,
  type AddMove,
  type TakeMove,
  type RotateMove,
  type NextRoundMove,
  type AreaRef,
} from './moves.js';
export type {
  GameState,
  GameStateData,
  GameOutcome,
  GameStatus,
  GameOptions,
  ScoringMode,
  TableSet,
  Turn,
} from './state.js';
export { recordOf, RECORD_VERSION, type GameRecord, type RecordMetadata } from './game-record.js';
export {
  PositionError,
  isPositionError,
  POSITION_PROBLEM_CODES,
  type PositionProblemCode,
  type PositionProblem,
} from './position-error.js';
export { loadState } from './trust.js';
export { INPUT_LIMITS } from './input.js';
export type * from './events.js';
export { TOKENS_TO_WIN, ROUNDS_TO_WIN } from './scoring.js';
export type { RngState, Seed } from './random.js';
export { seededRandom, type RandomSource } from './random-source.js';
