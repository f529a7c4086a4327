/**
 * `node bench/strength-oracle.mjs [--deals 50] [--playouts 3000] [--players 3] [--first 0]` (after a
 * build): what seeing every hand would be worth to `expert` (issue 25, item 3). One `expert` seat
 * whose view lists every card of every hand as publicly known, so that each world it samples is
 * the real deal, against `montecarlo` bots that see only their own views, with the same playouts
 * a move; each deal is played once per seat of the oracle. Prints one JSON line per game with the
 * running win rate: an upper bound on what inferring hidden hands from public play could give.
 */
import { parseArgs } from 'node:util';
import { apply, botByName, createGame, legalMoves, playerView } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '50' },
    playouts: { type: 'string', default: '3000' },
    players: { type: 'string', default: '3' },
    first: { type: 'string', default: '0' },
  },
});
const players = Number(values.players);
const playouts = Number(values.playouts);
let wins = 0;
let games = 0;
for (let d = Number(values.first); d < Number(values.first) + Number(values.deals); d++) {
  for (let r = 0; r < players; r++) {
    const bots = Array.from({ length: players }, (_, seat) =>
      botByName(seat === r ? 'expert' : 'montecarlo', { playouts, seed: `oracle/${d}/${r}/${seat}` }),
    );
    let s = createGame(players, `oracle-deal-${d}`);
    while (s.status !== 'gameOver') {
      const seat = s.turn.seat;
      let view = playerView(s, seat);
      // every hand publicly known: the oracle's sampled worlds are the real one
      if (seat === r && s.status === 'playing')
        view = { ...view, known: s.hands.map((hand, q) => (q === seat ? view.known[q] : hand)) };
      s = apply(s, await bots[seat].chooseMove(view, legalMoves(s)));
    }
    games++;
    if (s.winner === r) wins++;
    console.log(
      JSON.stringify({
        deal: d,
        oracleSeat: r,
        winner: s.winner,
        wins,
        games,
        winRate: Number((wins / games).toFixed(4)),
      }),
    );
  }
}
