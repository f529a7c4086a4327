// Regenerates the perft regression table (test/fixtures/records/perft.json) and its page
// (docs/perft.md) from the BUILT package: `npm run build && node scripts/regenerate-perft.mjs`.
// Run it only on purpose: a changed count means move generation changed which moves are legal.
import { writeFileSync } from 'node:fs';
import {
  apply,
  createGame,
  formatMove,
  formatPosition,
  fromPosition,
  legalMoves,
  parsePosition,
  perft,
} from '../dist/index.js';

/** Each count must stay below this, so the regression test runs in a few seconds. */
const MAX_LEAVES = 150_000;
const MAX_DEPTH = 6;

// openings, and middle-game positions reached by a fixed rule (move (7k + 3) mod n at step k)
const POSITIONS = [2, 3, 4, 5].flatMap((players) => [
  { players, seed: `perft-${players}`, lineLength: 0 },
  { players, seed: `perft-${players}`, lineLength: 14 },
]);

function reach({ players, seed, lineLength }) {
  let state = createGame(players, seed);
  const line = [];
  for (let k = 0; k < lineLength && state.status === 'playing'; k++) {
    const moves = legalMoves(state);
    const move = moves[(7 * k + 3) % moves.length];
    line.push(formatMove(state, move));
    state = apply(state, move);
  }
  return { state, line };
}

// Named positions (issue 14): each built through the setup layer (fromPosition, then moves by
// apply) and kept as position text, with where it comes from.
const card = (id, active) => ({ id, active });
const cards = (...pairs) => pairs.map(([id, active]) => card(id, active));
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'];
const described = (d) => fromPosition({ seed: 'named', starter: 0, ...d, players: NAMES.slice(0, d.players) });

/** A two-player custom deck whose faces wrap in 32-bit integers: 2^32 + 3 reads as 3, 2^31 + 3 as negative. */
const WRAPPING_DECK = {
  name: 'faces past 2^31',
  cards: [
    [1, 2],
    [3, 10],
    [2 ** 32 + 3, 11],
    [2 ** 31 + 3, 12],
    [2 ** 31 + 3, 13],
    [2 ** 31, 14],
    [4, 15],
    [5, 16],
  ].map((faces, id) => ({ id, faces, minPlayers: 2, ...(id === 0 ? { star: true } : {}) })),
};
/** A two-player custom deck with twelve cards showing 1 on one face. */
const TWELVE_ONES_DECK = {
  name: 'twelve ones',
  cards: [...Array.from({ length: 12 }, (_, i) => [1, i + 2]), [5, 6], [7, 8], [9, 10], [11, 12]].map((faces, id) => ({
    id,
    faces,
    minPlayers: 2,
    ...(id === 12 ? { star: true } : {}),
  })),
};

const NAMED = [
  {
    name: 'worked-example-single-7-three-6s',
    source:
      'docs/rules.md §5, worked example 1: a single 7 and three 6s on the table; singles must beat 7, triples 6, pairs are free',
    state: () =>
      described({
        players: 3,
        hands: [
          cards([18, 3], [24, 8], [13, 2], [14, 2], [27, 5], [29, 5], [30, 5], [7, 9], [20, 9], [25, 9]),
          cards([6, 1]),
          cards([2, 1]),
        ],
        table: [
          { seat: 1, value: 7, cards: [5] },
          { seat: 2, value: 6, cards: [4, 10, 17] },
        ],
        turn: { seat: 0, number: 5 },
      }),
  },
  {
    name: 'worked-example-no-3-on-single-3',
    source: 'docs/rules.md §5, worked example 2: two 5s on the table, so a 3 may not join a single 3',
    state: () =>
      described({
        players: 3,
        hands: [cards([15, 3], [3, 1]), cards([6, 1]), cards([2, 1])],
        table: [
          { seat: 1, value: 5, cards: [27, 29] },
          { seat: 2, value: 3, cards: [17] },
        ],
        turn: { seat: 0, number: 5 },
      }),
  },
  {
    name: 'worked-example-5-added-beats-3s',
    source:
      'docs/rules.md §5, worked example 2: a 5 added to a single 5 beats two 3s (3·4, 3·6), which return as a 4 and a 6',
    state: () =>
      described({
        players: 3,
        hands: [cards([27, 5], [3, 1]), cards([6, 1]), cards([2, 1])],
        table: [
          { seat: 2, value: 5, cards: [9] },
          { seat: 1, value: 3, cards: [15, 17] },
        ],
        turn: { seat: 0, number: 5 },
      }),
  },
  {
    name: 'worked-example-take-three-2s',
    source: 'docs/rules.md §5, worked example 3: taking three 2s (2·5, 2·7, 2·9) brings a 5, a 7 and a 9',
    state: () =>
      described({
        players: 3,
        hands: [cards([3, 1]), cards([6, 1]), cards([2, 1])],
        table: [{ seat: 1, value: 2, cards: [9, 11, 13] }],
        turn: { seat: 0, number: 5 },
      }),
  },
  {
    name: 'ruling-duel-last-play-beats-own-set',
    source:
      'docs/rules.md §5 "When an action is over": a duel\'s last card that beats your own set in your other area brings it back, so you are not out',
    state: () =>
      described({
        players: 2,
        hands: [cards([13, 9]), cards([7, 1])],
        table: [{ seat: 0, area: 0, value: 5, cards: [27] }],
        turn: { seat: 0, area: 1, number: 5 },
      }),
  },
  {
    name: 'ruling-round-over-next-round-of-no-seat',
    source:
      'docs/rules.md §6 and §8: the second player out ends the round at once; nextRound, of no seat, is the only move',
    state: () =>
      apply(
        described({
          players: 3,
          hands: [cards([13, 9]), cards([6, 1]), []],
          turn: { seat: 0, number: 5 },
          out: [2],
          scores: [2, 1, 2],
        }),
        { type: 'play', cards: [13] },
      ),
  },
  {
    name: 'ruling-four-tokens-win-at-once',
    source:
      'docs/rules.md §6 rulings: reaching 4 tokens wins at once, so the first player out ends the game before anyone else scores',
    state: () =>
      described({
        players: 3,
        hands: [cards([13, 9]), cards([6, 1]), cards([2, 1])],
        turn: { seat: 0, number: 5 },
        scores: [2, 3, 1],
      }),
  },
  {
    name: 'ruling-lingering-set-of-player-out',
    source:
      "docs/rules.md §6 rulings: the set left by a player who is out may be added to or taken like any opponent's set",
    state: () =>
      described({
        players: 4,
        hands: [[], cards([7, 9], [0, 1]), cards([2, 1]), cards([4, 1])],
        table: [{ seat: 0, value: 9, cards: [13] }],
        turn: { seat: 1, number: 6 },
        out: [0],
        scores: [2, 0, 0, 0],
      }),
  },
  {
    name: 'bug-faces-past-2^31-sorted-as-int32',
    source:
      'A fixed bug: legalMoves sorted hand values as 32-bit integers, so faces past 2^31 wrapped and cards of different values (3 and 2^32 + 3) were grouped into one play',
    state: () =>
      described({
        players: 2,
        deck: WRAPPING_DECK,
        hands: [cards([1, 3], [2, 2 ** 32 + 3], [3, 2 ** 31 + 3], [4, 2 ** 31 + 3]), cards([0, 1], [6, 4], [7, 5])],
        table: [{ seat: 1, value: 2 ** 31, cards: [5] }],
        turn: { seat: 0, area: 1, number: 5 },
      }),
  },
  {
    name: 'bug-2^k-1-plays-of-twelve-ones',
    source:
      'A fixed bug: k cards of one value give 2^k − 1 plays, which parseMove listed and dnup check printed in full',
    state: () =>
      described({
        players: 2,
        deck: TWELVE_ONES_DECK,
        hands: [Array.from({ length: 12 }, (_, id) => card(id, 1)), cards([12, 5], [13, 7])],
        turn: { seat: 0, area: 1, number: 3 },
      }),
  },
];

const named = NAMED.map((p) => {
  const text = formatPosition(p.state());
  const state = parsePosition(text); // the row is its text: count from what the test will read
  const counts = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const count = perft(state, depth);
    if (count > MAX_LEAVES) break;
    counts.push(count);
  }
  return { name: p.name, source: p.source, position: text, counts };
});

const table = POSITIONS.map((p) => {
  const { state, line } = reach(p);
  const counts = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const count = perft(state, depth);
    if (count > MAX_LEAVES) break;
    counts.push(count);
  }
  return { players: p.players, seed: p.seed, line, counts };
});

const fixture = {
  about: 'perft counts: legal move sequences of depth 1, 2, … from each position (docs/perft.md)',
  source: 'computed by this library; regenerate deliberately with: npm run build && node scripts/regenerate-perft.mjs',
  positions: table,
  named,
};
writeFileSync(new URL('../test/fixtures/records/perft.json', import.meta.url), `${JSON.stringify(fixture, null, 2)}\n`);

const rows = table.map(
  (t) =>
    `| ${t.players} | \`${t.seed}\` | ${t.line.length === 0 ? 'opening' : `after ${t.line.length} moves`} | ${t.counts.map((c) => c.toLocaleString('en-US')).join(' | ')}${' | —'.repeat(MAX_DEPTH - t.counts.length)} |`,
);
const lines = table
  .filter((t) => t.line.length > 0)
  .map((t) => `- ${t.players} players, seed \`${t.seed}\`: \`${t.line.join(' · ')}\``);
const namedRows = named.map(
  (t) =>
    `| \`${t.name}\` | ${t.counts.map((c) => c.toLocaleString('en-US')).join(' | ')}${' | —'.repeat(MAX_DEPTH - t.counts.length)} |`,
);
const namedTexts = named.map((t) => `- \`${t.name}\`: ${t.source}.\n\n  \`\`\`text\n  ${t.position}\n  \`\`\``);
const page = `---
title: Perft counts
group: Documents
---

# Perft: move-count fingerprints

*Generated by \`scripts/regenerate-perft.mjs\`; do not edit by hand.*

Chess engines keep "perft" counts: the number of legal move sequences of depth 1, 2, 3… from a
fixed position. They are a fingerprint of move generation: any change that makes a move legal
or illegal somewhere changes them. dnup keeps a table of them as data
(\`test/fixtures/records/perft.json\`), checked by \`test/records/perft.test.ts\`.

\`perft(state, depth)\` counts sequences of exactly \`depth\` moves (a game that ends earlier adds
nothing; \`nextRound\` is a move). \`perftDivide(state, depth)\` splits the count by first move, in
notation, to find which subtree changed. Each position's depths stop before a count passes
${MAX_LEAVES.toLocaleString('en-US')}, to keep the test to a few seconds.

| players | seed | position | ${Array.from({ length: MAX_DEPTH }, (_, i) => `depth ${i + 1}`).join(' | ')} |
|---|---|---|${'---:|'.repeat(MAX_DEPTH)}
${rows.join('\n')}

The middle-game positions are reached from the opening by playing, at step k (from 0), legal
move number (7k + 3) mod n of the canonical \`legalMoves\` order:

${lines.join('\n')}

## Named positions

Positions that matter to the rules, written in position text (docs/notation.md §5; paste one into
\`parsePosition\` or \`dnup check\`), each with where it comes from: the worked examples of the
rules reference, its rulings, and positions that once exposed a bug, named after it. They are
built through the setup layer (\`fromPosition\`) by the script, kept as their text, and read back
with \`parsePosition\` by the test, which also counts depths 1 and 2 a second way: by trying every
subset of the hand, every add, every take and rotate with \`checkMove\`, without \`legalMoves\`.

| name | ${Array.from({ length: MAX_DEPTH }, (_, i) => `depth ${i + 1}`).join(' | ')} |
|---|${'---:|'.repeat(MAX_DEPTH)}
${namedRows.join('\n')}

${namedTexts.join('\n\n')}

To regenerate after a deliberate change to the rules: \`npm run build && node scripts/regenerate-perft.mjs\`,
then review the diff of this page and say in CHANGELOG.md why the counts changed.
`;
writeFileSync(new URL('../docs/perft.md', import.meta.url), page);
console.log(
  table.map((t) => `${t.players}p ${t.line.length ? 'middle' : 'opening'}: ${t.counts.join(', ')}`).join('\n'),
);
console.log(named.map((t) => `${t.name}: ${t.counts.join(', ')}`).join('\n'));
