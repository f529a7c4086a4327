/** rules §8: each card's active value can be read wherever it is. */
import { describe, expect, it } from 'vitest';
import { inactiveValue, locateCard } from '../../src/index.js';
import { buildState, set } from '../helpers/positions.js';

describe('locateCard and inactiveValue', () => {
  const s = buildState({
    players: 3,
    hands: [[[17, 3]], [[6, 1]], [[2, 4]]],
    table: [set(1, 0, 8, [24])],
    turn: { seat: 0, area: 0 },
  });
  it('finds cards in hands, on the table and in the discard pile, with both values', () => {
    expect(locateCard(s, 17)).toEqual({ zone: 'hand', seat: 0, active: 3, inactive: 6 });
    expect(locateCard(s, 2)).toEqual({ zone: 'hand', seat: 2, active: 4, inactive: 1 });
    expect(locateCard(s, 24)).toEqual({ zone: 'table', seat: 1, area: 0, active: 8, inactive: 4 });
    expect(locateCard(s, 5)).toEqual({ zone: 'discard' });
    expect(locateCard(s, 1)).toBeUndefined(); // a 5-player card
    expect(locateCard(s, 99)).toBeUndefined();
  });
  it('gives the other face, and refuses a face the card does not have', () => {
    expect(inactiveValue(s, { id: 17, active: 6 })).toBe(3);
    expect(() => inactiveValue(s, { id: 17, active: 5 })).toThrow(
      expect.objectContaining({ name: 'ArgumentError', code: 'BAD_ARGUMENT' }),
    );
  });
});
