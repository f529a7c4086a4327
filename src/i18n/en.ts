/**
 * English sentences (the library's own wording; the default locale). A sentence counts one way
 * (counting.ts): players by name and play areas as in the rulebook, area 1 and area 2 (the data's
 * `area` 0 and 1); an error sentence without the players' names says `seat 1, area 0`, as the data.
 */
import { selectionSentence } from '../ui/selection.js';
import { namesFor } from './counting.js';
import type { Catalogue, ErrorParams, SetRef } from './types.js';

const NUMBER_WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const count = (n: number): string => NUMBER_WORDS[n] ?? String(n);
const aValue = (v: number): string =>
  `${v === 8 || v === 11 || v === 18 || String(v).startsWith('8') ? 'an' : 'a'} ${v}`;
const setPhrase = (size: number, value: number): string => (size === 1 ? aValue(value) : `${count(size)} ${value}s`);
/** A set after a possessive: "Ben's single 9", "your three 6s". */
const ownPhrase = (size: number, value: number): string => (size === 1 ? `single ${value}` : setPhrase(size, value));
const list = (items: readonly (string | number)[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
const ordinal = (n: number): string => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
const shownAs = (values: readonly number[]): string => (values.length === 1 ? aValue(values[0]!) : list(values));
/** A set by its owner, from the mover's side (`you`: the mover is the reader). */
const owned = (s: SetRef, you: boolean): string =>
  `${s.own ? (you ? 'your own' : 'their own') : s.yours ? 'your' : `${s.owner}'s`} ${s.size === 1 ? `single ${s.value}` : setPhrase(s.size, s.value)}`;
/** "You play" to the reader (seat `v`), "Ana plays" otherwise. */
const subject = (n: readonly string[], seat: number, v: number | undefined, you: string, other: string): string =>
  seat === v ? `You ${you}` : `${n[seat]} ${other}`;
/** "your" / "Your" to the reader, "Ana's" otherwise. */
const whose = (n: readonly string[], seat: number, v: number | undefined, capital = false): string =>
  seat === v ? (capital ? 'Your' : 'your') : `${n[seat]}'s`;
const rules = (p: ErrorParams, fallback: string): string => `(rules ${p.rule ?? fallback})`;
const at = (p: ErrorParams): string => (p.path ? ` at ${p.path}` : '');
const card = (p: ErrorParams): string => (p.card !== undefined ? `Card ${p.card}` : 'A card');
const seat = (n: number | undefined): string => (n === undefined ? 'another seat' : `seat ${n}`);
/** A play area as the data numbers it: "seat 1, area 0". */
const where = (p: ErrorParams): string => `${seat(p.seat)}${p.area !== undefined ? `, area ${p.area}` : ''}`;
// called at load for each code: /* @__PURE__ */ at the call sites lets bundlers drop unused catalogues
const problem =
  (what: string, rule: string) =>
  (p: ErrorParams): string =>
    `${what}${at(p)} ${rules(p, rule)}.`;

export const en: Catalogue = {
  locale: 'en',
  errors: {
    IllegalMoveError: {
      MALFORMED_MOVE: (p) => `That is not a move${p.input ? `: ${p.input}` : ''} ${rules(p, '§5')}.`,
      NOT_YOUR_TURN: (p, names) => {
        const n = namesFor(names, p.seat, p.turnSeat);
        const who = (s: number | undefined): string =>
          n === undefined ? seat(s) : s === undefined ? 'another player' : n[s]!;
        return `It is ${who(p.turnSeat)}'s turn, not ${who(p.seat)}'s ${rules(p, '§4')}.`;
      },
      GAME_OVER: (p) => `The game is over: no move can be played ${rules(p, '§6')}.`,
      ROUND_OVER: (p) => `The round is over: the only move is to deal the next round ${rules(p, '§8')}.`,
      ROUND_NOT_OVER: (p) => `The next round is dealt only once this round is over ${rules(p, '§8')}.`,
      EMPTY_PLAY: (p) => `A set has at least one card: choose one or more cards to play ${rules(p, '§5 A')}.`,
      DUPLICATE_CARD: (p) => `${card(p)} is named twice; each card can be played once ${rules(p, '§5 A')}.`,
      UNKNOWN_CARD: (p) =>
        `There is no card ${p.card ?? ''} in this game's deck ${rules(p, '§2')}.`.replace('card  in', 'such card in'),
      NOT_YOUR_CARD: (p) => `${card(p)} is not in your hand ${rules(p, '§5')}.`,
      MIXED_VALUES: (p) =>
        `The cards of a set must all show the same value${p.values ? `, but these show ${list(p.values)}` : ''} ${rules(p, '§5 A')}.`,
      DOES_NOT_BEAT: (p) =>
        p.size !== undefined && p.value !== undefined && p.tableValue !== undefined
          ? `A set of ${p.size} showing ${p.value} must beat the set of ${p.size} on the table, which shows ${p.tableValue}: it needs a higher value ${rules(p, '§5')}.`
          : `That set does not beat the set of its size on the table: it needs a higher value ${rules(p, '§5')}.`,
      NO_SUCH_AREA: (p, names) => {
        const n = namesFor(names, p.seat);
        if (n !== undefined && p.seat !== undefined)
          return `${n[p.seat]} has no play area${p.area !== undefined ? ` ${p.area + 1}` : ' there'} in this game ${rules(p, '§1')}.`;
        return `There is no play area at ${where(p)} in this game ${rules(p, '§1')}.`;
      },
      NO_SET_THERE: (p, names) => {
        const n = namesFor(names, p.seat);
        if (n !== undefined && p.seat !== undefined)
          return `There is no set in ${n[p.seat]}'s play area${p.area !== undefined ? ` ${p.area + 1}` : ''} ${rules(p, '§5')}.`;
        return `There is no set at ${where(p)} ${rules(p, '§5')}.`;
      },
      NOT_AN_OPPONENT_SET: (p) =>
        `Action ${p.action ?? 'B or C'} works only on an opponent's set, never your own${(p.areas ?? 1) > 1 && p.area !== undefined ? ` set in area ${p.area + 1}` : ''} ${rules(p, '§5')}.`,
      INVALID_STATE: (p) =>
        `The position given cannot be judged: it is not a state or view the rules can reach ${rules(p, '§8')}.`,
      VALUE_MISMATCH: (p) =>
        `${card(p)}${p.value !== undefined ? ` shows ${p.value}, but that set shows ${p.tableValue ?? '?'}` : " does not show that set's value"}: an added card must show the set's value ${rules(p, '§5 B')}.`,
    },
    GameSetupError: {
      BAD_PLAYERS: (p) =>
        `dnup is played by 2 to 5 players, each with a non-empty name${p.input ? `, not ${p.input}` : ''} (rules §2).`,
      BAD_SEED: (p) => `A seed must be a string or a safe integer${p.input ? `, not ${p.input}` : ''} (rules §3).`,
      BAD_DECK: (p) => `This deck cannot be used${p.count ? ` (${p.count} problems)` : ''} (rules §2).`,
      BAD_OPTIONS: (p) => `Game options must be an object with at most a deck${p.name ? `, not ${p.name}` : ''}.`,
    },
    ArgumentError: {
      BAD_ARGUMENT: (p) => `That argument is not one this function takes${p.input ? `: ${p.input}` : ''}.`,
    },
    RecordError: {
      BAD_JSON: /* @__PURE__ */ problem('The record is not valid JSON', '§3'),
      UNREADABLE: /* @__PURE__ */ problem('The record is not plain JSON data (or is too large or too deep)', '§3'),
      NOT_AN_OBJECT: /* @__PURE__ */ problem('A game record is a JSON object', '§3'),
      WRONG_FORMAT: /* @__PURE__ */ problem('This is not a dnup game record (format "dnup-record")', '§3'),
      WRONG_VERSION: /* @__PURE__ */ problem('This game record version is not one this library replays', '§3'),
      UNKNOWN_FIELD: /* @__PURE__ */ problem('A game record has no such field', '§3'),
      BAD_PLAYERS: /* @__PURE__ */ problem('A record names 2 to 5 players', '§2'),
      BAD_SEED: /* @__PURE__ */ problem("A record's seed is a string or a safe integer", '§3'),
      BAD_OPTIONS: /* @__PURE__ */ problem("A record's options hold at most a deck", '§2'),
      BAD_DECK: /* @__PURE__ */ problem("The record's deck cannot be used", '§2'),
      BAD_MOVES: /* @__PURE__ */ problem("A record's moves are a list", '§5'),
      BAD_MOVE: /* @__PURE__ */ problem('That is not a move', '§5'),
      UNKNOWN_CARD: /* @__PURE__ */ problem("No such card in this game's deck", '§2'),
      BAD_METADATA: /* @__PURE__ */ problem("A record's metadata is an object of strings", '§3'),
      BAD_START: /* @__PURE__ */ problem("The record's start position is not a valid position of its game", '§3'),
    },
    PositionError: {
      UNREADABLE: /* @__PURE__ */ problem('The state is not plain JSON data (or is too large or too deep)', '§8'),
      NOT_A_STATE: /* @__PURE__ */ problem('This is a player view, not the game state: pass the full state', '§8'),
      CORRUPT_STATE: /* @__PURE__ */ problem(
        'This state was changed in place after the library made it; load it again',
        '§8',
      ),
      CORRUPT_VIEW: /* @__PURE__ */ problem(
        'This player view was changed in place after the library made it; ask for a new one',
        '§8',
      ),
      BAD_KNOWN: /* @__PURE__ */ problem('A card is listed twice as publicly known', '§5'),
      BAD_STARTER: /* @__PURE__ */ problem("The round's starter is not a seat of this game", '§3'),
      BAD_EVENTS: /* @__PURE__ */ problem('This is not an event of this game', '§8'),
      BAD_SHAPE: /* @__PURE__ */ problem('This field does not have the shape of a position', '§8'),
      BAD_PLAYERS: /* @__PURE__ */ problem('A position has 2 to 5 players with names', '§2'),
      BAD_DECK: /* @__PURE__ */ problem('The deck cannot be used', '§2'),
      UNKNOWN_CARD: /* @__PURE__ */ problem('No such card in the deck', '§2'),
      CARD_NOT_IN_USE: /* @__PURE__ */ problem('This card is not used with this many players', '§3'),
      DUPLICATE_CARD: /* @__PURE__ */ problem('A card is in two places', '§2'),
      MISSING_CARD: /* @__PURE__ */ problem('A card in use is nowhere', '§2'),
      BAD_DISCARD_COUNT: /* @__PURE__ */ problem("The discard pile's size does not match the cards", '§8'),
      BAD_ORIENTATION: /* @__PURE__ */ problem('A card shows a value it does not have', '§1'),
      KNOWN_NOT_IN_HAND: /* @__PURE__ */ problem('A card known to be in a hand is not in it', '§5'),
      EMPTY_SET: /* @__PURE__ */ problem('A set has at least one card', '§1'),
      MIXED_SET: /* @__PURE__ */ problem('The cards of a set all show one value', '§1'),
      SAME_SIZE_SETS: /* @__PURE__ */ problem('Two sets of the same size cannot both be on the table', '§5'),
      NO_SUCH_AREA: /* @__PURE__ */ problem('No such play area', '§1'),
      AREA_TAKEN: /* @__PURE__ */ problem('A play area holds at most one set', '§1'),
      TABLE_ORDER: /* @__PURE__ */ problem('The table lists sets by seat, then area', '§8'),
      BAD_TURN: /* @__PURE__ */ problem('No such turn', '§4'),
      TURN_AT_OUT_SEAT: /* @__PURE__ */ problem('A seat that is out takes no turn', '§7'),
      OWN_SET_AT_TURN: /* @__PURE__ */ problem(
        "At the start of a turn, that seat's set in that area is already discarded",
        '§4.1',
      ),
      BAD_OUT: /* @__PURE__ */ problem('The seats out are not right', '§6'),
      OUT_WITH_CARDS: /* @__PURE__ */ problem('A seat that is out has no cards', '§6'),
      EMPTY_HAND_NOT_OUT: /* @__PURE__ */ problem('A seat with an empty hand is out', '§6'),
      BAD_STATUS: /* @__PURE__ */ problem('The status does not fit the position', '§6'),
      BAD_SCORING: /* @__PURE__ */ problem('The scoring does not fit the number of players', '§6'),
      IMPOSSIBLE_SCORES: /* @__PURE__ */ problem('These scores cannot happen', '§6'),
      BAD_WINNER: /* @__PURE__ */ problem('The winner does not fit the scores', '§6'),
      BAD_ROUND: /* @__PURE__ */ problem('The round number does not fit the scores', '§6'),
      BAD_MOVE_COUNT: /* @__PURE__ */ problem('The move count does not fit the turn', '§8'),
    },
    NotationError: {
      UNREADABLE: (p) => `${p.input ?? 'That text'} is not a move in dnup notation (P 3,17 · A 12>1 · T 1 · R · N).`,
      ILLEGAL: (p) => `${p.input ?? 'That move'} is not legal here${p.rule ? ` (rules ${p.rule})` : ''}.`,
      AMBIGUOUS: (p) => `${p.input ?? 'That text'} fits ${p.count ?? 'several'} legal moves; say which.`,
      NOT_A_MOVE: (p) => `${p.input ?? 'That'} is not a move, so it has no notation (rules §5).`,
      BAD_POSITION_TEXT: (p) =>
        `${p.input ?? 'That text'} is not a dnup position text (dnup1 players hands table …)${p.path ? `: its ${p.path} field cannot be read` : ''}.`,
    },
    ViewError: {
      NO_SUCH_SEAT: (p) =>
        `There is no seat ${p.seat ?? ''} in a game of ${p.players ?? '2 to 5'} players (rules §1).`.replace(
          'seat  in',
          'such seat in',
        ),
      BAD_VIEW: () => 'This is not a player view: its fields do not have the shapes of a view (rules §8).',
      INCONSISTENT_VIEW: () => 'The facts of this view contradict each other: no game state shows it (rules §8).',
    },
    BotError: {
      UNKNOWN_BOT: (p) =>
        `There is no bot called ${p.name ?? 'that'}${p.allowed ? `; the bots are ${p.allowed.join(', ')}` : ''}.`,
      BAD_BOT_OPTIONS: (p) => `That bot option is not allowed${p.name ? `: ${p.name}` : ''}.`,
      BAD_ARENA_OPTIONS: (p) => `That arena setting is not allowed${p.name ? `: ${p.name}` : ''}.`,
      BAD_BOT_INPUT: (p) =>
        `A bot was handed something that is not a player view and its legal moves${p.name ? ` (${p.name})` : ''}.`,
      ARENA_WORKER_FAILED: (p) => `An arena worker thread failed${p.input ? `: ${p.input}` : ''}.`,
      BAD_LADDER_OPTIONS: (p) => `That ladder setting is not allowed${p.name ? `: ${p.name}` : ''}.`,
      BAD_LADDER_RESUME: (p) =>
        `These games cannot resume this ladder${p.name ? ` (${p.name})` : ''}: resume a run with the settings it was started with, or start afresh.`,
      RATINGS_UNAVAILABLE: (p) =>
        `The ladder rates bots with the ${p.name ?? 'openskill'} package, which cannot be loaded: install it with npm install openskill@5.`,
      QUEUE_UNAVAILABLE: (p) =>
        `A ladder on a queue needs the ${p.name ?? 'bullmq'} package, which cannot be loaded: install them with npm install bullmq@6 ioredis@5.`,
      QUEUE_REDIS: (p) =>
        `Redis${p.name ? ` at ${p.name}` : ''} cannot be reached or went away: the run is kept there; start again with --resume once it is back.`,
      QUEUE_REFUSED: (p) =>
        `The queue run was refused${p.name ? ` (${p.name})` : ''}: a run id in use, other settings, or a worker of another dnup version or bot module.`,
      QUEUE_FAILED: (p) =>
        `A game of the queue run failed${p.name ? ` (game ${p.name})` : ''}: the run is kept in Redis, nothing is lost; fix the cause, then start again with --resume.`,
    },
    HistoryError: {
      NOTHING_TO_UNDO: () => 'There is no move to undo: this is the first position of the history.',
      NOTHING_TO_REDO: () => 'There is no move to redo: no move was undone since the last one played.',
      NOT_FROM_START: (p) =>
        `A record starts at a new game, but this history starts after move ${p.moveNumber ?? '?'} (rules §3).`,
    },
    LocaleError: {
      UNKNOWN_LOCALE: (p) =>
        `There are sentences in ${list(p.allowed ?? ['en', 'fr', 'nl'])} only, not ${p.name ?? 'that language'}.`,
    },
    SelectionError: {
      MALFORMED_SELECTION: (p) => selectionSentence('MALFORMED_SELECTION', p),
      EMPTY_SELECTION: (p) => selectionSentence('EMPTY_SELECTION', p),
      NO_TARGET: (p) => selectionSentence('NO_TARGET', p),
      AMBIGUOUS_SELECTION: (p) => selectionSentence('AMBIGUOUS_SELECTION', p),
    },
  },
  problems: (sentences) =>
    sentences.length === 1 ? sentences[0]! : `${sentences.length} problems: ${sentences.join(' ')}`,
  events: {
    roundDealt: (e, n, v) =>
      `Round ${e.round} is dealt; ${e.starter === v ? 'you hold the ★ and start' : `${n[e.starter]} holds the ★ and starts`}.`,
    setDiscarded: (e, n, v) =>
      `${whose(n, e.seat, v, true)} ${ownPhrase(e.cards.length, e.value)} ${e.cards.length === 1 ? 'goes' : 'go'} to the discard pile.`,
    setPlayed: (e, n, v) => `${subject(n, e.seat, v, 'play', 'plays')} ${setPhrase(e.cards.length, e.value)}.`,
    cardAdded: (e, n, v) =>
      `${subject(n, e.seat, v, 'add', 'adds')} ${aValue(e.value)} to ${whose(n, e.target.seat, v)} set, making ${setPhrase(e.size, e.value)}.`,
    setBeaten: (e, n, v) => {
      const one = e.cards.length === 1;
      const what = `${whose(n, e.seat, v, true)} ${ownPhrase(e.cards.length, e.value)} ${one ? 'is' : 'are'} beaten and`;
      return e.fate === 'discarded'
        ? `${what} discarded.`
        : `${what} ${one ? 'returns' : 'return'} to ${e.seat === v ? 'your' : 'their'} hand as ${shownAs(e.returned.map((c) => c.active))}.`;
    },
    setTaken: (e, n, v) =>
      `${subject(n, e.seat, v, 'take', 'takes')} ${whose(n, e.from.seat, v)} ${ownPhrase(e.cards.length, e.value)}, which ${e.cards.length === 1 ? 'joins' : 'join'} ${e.seat === v ? 'your' : 'their'} hand as ${shownAs(e.cards.map((c) => c.active))}.`,
    handRotated: (e, n, v) => {
      const size = e.size ?? e.cards?.length ?? 0;
      return `${subject(n, e.seat, v, 'rotate', 'rotates')} ${e.seat === v ? 'your' : 'their'} hand of ${size} ${size === 1 ? 'card' : 'cards'}.`;
    },
    playerOut: (e, n, v) => `${subject(n, e.seat, v, 'are', 'is')} out ${e.place === 1 ? 'first' : 'second'}.`,
    tokensGained: (e, n, v) =>
      `${subject(n, e.seat, v, 'gain', 'gains')} ${e.tokens} token${e.tokens === 1 ? '' : 's'} (${e.total} in all).`,
    roundWon: (e, n, v) => `${subject(n, e.seat, v, 'win', 'wins')} the round (${e.total} won).`,
    roundEnded: (e) => `Round ${e.round} is over.`,
    gameWon: (e, n, v) => `${subject(n, e.seat, v, 'win', 'wins')} the game.`,
    turnStarted: (e, n, v) =>
      `${e.seat === v ? 'Your turn' : `${n[e.seat]} to play`}${n.length === 2 ? ` (area ${e.area + 1})` : ''}.`,
  },
  move: (s) => {
    const a = s.action;
    const who = (you: string, other: string): string => (s.you ? `You ${you}` : `${s.who} ${other}`);
    const their = s.you ? 'your' : 'their';
    let text =
      a.kind === 'play'
        ? `${who('play', 'plays')} ${setPhrase(a.size, a.value)}`
        : a.kind === 'add'
          ? `${who('add', 'adds')} ${aValue(a.value)} to ${owned(a.target, s.you)}, making ${setPhrase(a.size, a.value)}`
          : a.kind === 'take'
            ? `${who('take', 'takes')} ${owned(a.from, s.you)}, which ${a.from.size === 1 ? 'joins' : 'join'} ${their} hand as ${shownAs(a.shownAs)}`
            : a.kind === 'rotate'
              ? `${who('rotate', 'rotates')} ${their} hand of ${a.size} ${a.size === 1 ? 'card' : 'cards'}`
              : a.kind === 'deal'
                ? `Round ${a.round} is dealt and ${a.starterYou ? 'you hold the ★, so you start' : `${a.starter} holds the ★, so they start`}`
                : `${who('move', 'moves')}`;
    const b = s.beaten;
    if (b) {
      const one = b.set.size === 1;
      const home = b.set.own ? their : b.set.yours ? 'your' : `${b.set.owner}'s`;
      text +=
        b.fate === 'discarded'
          ? `, beating ${owned(b.set, s.you)}, which ${one ? 'is' : 'are'} discarded since ${b.set.yours ? 'you are' : `${b.set.owner} is`} out`
          : `, beating ${owned(b.set, s.you)}, which ${one ? 'returns' : 'return'} to ${home} hand as ${shownAs(b.returnedAs)}`;
    }
    const o = s.out;
    if (o?.kind === 'round')
      text += `, emptying ${their} hand to win the round (${o.total} of ${o.target})${o.game ? ' and the game' : ''}`;
    if (o?.kind === 'tokens') {
      const ending = o.game ? ' and winning the game' : o.roundEnds ? ', which ends the round' : '';
      text += `, and ${s.you ? 'go' : 'goes'} out ${o.place === 1 ? 'first' : 'second'}, gaining ${o.tokens} token${o.tokens === 1 ? '' : 's'} (${o.total} in all)${ending}`;
    }
    return `${text}.`;
  },
  position: {
    gameOver: (round, winner) => `Round ${round} · game over · ${winner === null ? 'no winner' : `${winner} wins`}`,
    roundOver: (round, turn) => `Round ${round} · round over after turn ${turn} · next: deal round ${round + 1} (N)`,
    playing: (round, turn, name, area) =>
      `Round ${round} · turn ${turn} · ${name} to play${area === null ? '' : ` (area ${area + 1})`}`,
    scores: (mode, target, l) =>
      `Scores (${mode === 'rounds' ? `round wins, ${target} to win` : `tokens, ${target} to win`}): ${l}`,
    out: (l) => `Out: ${l.map((o) => `${o.name} (${ordinal(o.place)})`).join(', ')}`,
    tableEmpty: () => 'Table: empty',
    table: () => 'Table:',
    set: (name, area, size, value, cards) =>
      `  ${name}${area === null ? '' : ` area ${area + 1}`}: ${count(size)} ${value}${size === 1 ? '' : 's'} [cards ${cards.join(', ')}]`,
    discard: (n) => `Discard: ${n} card${n === 1 ? '' : 's'}`,
    hands: () => 'Hands:',
    seat: (n) => `seat ${n}`,
  },
};
