/**
 * The library's sentences for the record's log lines (engine.ts), in the page's language
 * (i18n/index.ts holds the choice).
 */
import { describeEvent, describeMove, type GameState, type Move, type SetDiscardedEvent } from 'dnup';
import { currentLocale } from './i18n';

/** A move's sentence in the chosen language. */
export function moveSentence(before: GameState, move: Move): string {
  return describeMove(before, move, currentLocale());
}

/** A set discarded as a turn begins; null in English (the page words it itself). */
export function discardSentence(e: SetDiscardedEvent, players: readonly string[]): string | null {
  return currentLocale() === 'en' ? null : describeEvent(e, players, currentLocale());
}
