/**
 * Phrases en français, avec les mots de la règle originale : série, zone de jeu, défausse,
 * jeton Lettre, manche, tour, main, adversaire, retourner. Une phrase compte d'une seule façon
 * (counting.ts) : les joueurs par leur nom et les zones comme dans la règle (zone 1, zone 2) ; une
 * phrase d'erreur sans les noms des joueurs dit « la place 1, zone 0 », comme les données.
 */
import { namesFor } from './counting.js';
import type { Catalogue, ErrorParams, SetRef } from './types.js';

const NOMBRES = [
  'aucune',
  'une',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
];
const nombre = (n: number): string => NOMBRES[n] ?? String(n);
const liste = (items: readonly (string | number)[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
/** « un 6 » ou « une série de trois 6 ». */
const serie = (size: number, value: number): string =>
  size === 1 ? `un ${value}` : `une série de ${nombre(size)} ${value}`;
/** « un 6 » ou « deux 6 », entre parenthèses après « la série de … ». */
const court = (size: number, value: number): string => (size === 1 ? `un ${value}` : `${nombre(size)} ${value}`);
const que = (name: string): string => (/^[aeiouyhéèAEIOUYHÉ]/.test(name) ? `qu'${name}` : `que ${name}`);
const commeVaut = (values: readonly number[]): string => (values.length === 1 ? `un ${values[0]}` : liste(values));
const de = (name: string): string => (/^[aeiouyhéèAEIOUYHÉ]/.test(name) ? `d'${name}` : `de ${name}`);
/** Une série par son propriétaire, du point de vue de qui joue (`vous` : c'est le lecteur). */
const possedee = (s: SetRef, vous: boolean): string =>
  `${s.own ? (vous ? 'votre propre série' : 'sa propre série') : s.yours ? 'votre série' : `la série ${de(s.owner)}`} (${s.size === 1 ? `un ${s.value} seul` : `${nombre(s.size)} ${s.value}`})`;
/** « Vous jouez » au lecteur (place `v`), « Ana joue » sinon. */
const sujet = (n: readonly string[], seat: number, v: number | undefined, vous: string, autre: string): string =>
  seat === v ? `Vous ${vous}` : `${n[seat]} ${autre}`;
/** « Votre série » au lecteur, « La série d'Ana » sinon. */
const laSerie = (n: readonly string[], seat: number, v: number | undefined): string =>
  seat === v ? 'Votre série' : `La série ${de(n[seat]!)}`;
const regles = (p: ErrorParams, fallback: string): string => `(règles ${p.rule ?? fallback})`;
const en = (p: ErrorParams): string => (p.path ? ` (en ${p.path})` : '');
const carte = (p: ErrorParams): string => (p.card !== undefined ? `La carte ${p.card}` : 'Cette carte');
const place = (n: number | undefined): string => (n === undefined ? 'une autre place' : `la place ${n}`);
/** Une zone de jeu comptée comme dans les données : « la place 1, zone 0 ». */
const ou = (p: ErrorParams): string => `${place(p.seat)}${p.area !== undefined ? `, zone ${p.area}` : ''}`;
// called at load for each code: /* @__PURE__ */ at the call sites lets bundlers drop unused catalogues
const probleme =
  (what: string, rule: string) =>
  (p: ErrorParams): string =>
    `${what}${en(p)} ${regles(p, rule)}.`;
const jetons = (n: number): string => `${n} jeton${n > 1 ? 's' : ''} Lettre`;

export const fr: Catalogue = {
  locale: 'fr',
  errors: {
    IllegalMoveError: {
      MALFORMED_MOVE: (p) => `Ce n'est pas un coup${p.input ? ` : ${p.input}` : ''} ${regles(p, '§5')}.`,
      NOT_YOUR_TURN: (p, names) => {
        const n = namesFor(names, p.seat, p.turnSeat);
        const qui = (s: number | undefined): string =>
          n === undefined ? `de ${place(s)}` : s === undefined ? "d'un autre joueur" : de(n[s]!);
        return `C'est le tour ${qui(p.turnSeat)}, pas ${qui(p.seat)} ${regles(p, '§4')}.`;
      },
      GAME_OVER: (p) => `La partie est terminée : plus aucun coup n'est possible ${regles(p, '§6')}.`,
      ROUND_OVER: (p) =>
        `La manche est terminée : le seul coup possible est de distribuer la manche suivante ${regles(p, '§8')}.`,
      ROUND_NOT_OVER: (p) => `La manche suivante ne se distribue qu'une fois celle-ci terminée ${regles(p, '§8')}.`,
      EMPTY_PLAY: (p) =>
        `Une série compte au moins une carte : choisissez une ou plusieurs cartes à jouer ${regles(p, '§5 A')}.`,
      DUPLICATE_CARD: (p) =>
        `${carte(p)} est nommée deux fois ; chaque carte ne se joue qu'une fois ${regles(p, '§5 A')}.`,
      UNKNOWN_CARD: (p) =>
        `${p.card !== undefined ? `La carte ${p.card} n'existe pas` : `Cette carte n'existe pas`} dans le paquet de cette partie ${regles(p, '§2')}.`,
      NOT_YOUR_CARD: (p) => `${carte(p)} n'est pas dans votre main ${regles(p, '§5')}.`,
      MIXED_VALUES: (p) =>
        `Les cartes d'une série doivent toutes montrer la même valeur active${p.values ? `, or elles montrent ${liste(p.values)}` : ''} ${regles(p, '§5 A')}.`,
      DOES_NOT_BEAT: (p) =>
        p.size !== undefined && p.value !== undefined && p.tableValue !== undefined
          ? `${p.size === 1 ? `Un ${p.value} seul doit battre la carte seule sur la table` : `Une série de ${nombre(p.size)} ${p.value} doit battre la série de ${nombre(p.size)} cartes sur la table`}, qui vaut ${p.tableValue} : il faut une valeur supérieure ${regles(p, '§5')}.`
          : `Cette série ne bat pas la série de même taille sur la table : il faut une valeur supérieure ${regles(p, '§5')}.`,
      NO_SUCH_AREA: (p, names) => {
        const n = namesFor(names, p.seat);
        if (n !== undefined && p.seat !== undefined)
          return `${n[p.seat]} n'a pas de zone de jeu${p.area !== undefined ? ` ${p.area + 1}` : ' à cet endroit'} dans cette partie ${regles(p, '§1')}.`;
        return `Il n'y a pas de zone de jeu à ${ou(p)} dans cette partie ${regles(p, '§1')}.`;
      },
      NO_SET_THERE: (p, names) => {
        const n = namesFor(names, p.seat);
        if (n !== undefined && p.seat !== undefined)
          return `Il n'y a pas de série dans la zone de jeu${p.area !== undefined ? ` ${p.area + 1}` : ''} ${de(n[p.seat]!)} ${regles(p, '§5')}.`;
        return `Il n'y a pas de série à ${ou(p)} ${regles(p, '§5')}.`;
      },
      NOT_AN_OPPONENT_SET: (p) =>
        `L'action ${p.action ?? 'B ou C'} ne vise qu'une série posée devant un adversaire, jamais la vôtre${(p.areas ?? 1) > 1 && p.area !== undefined ? `, comme celle de votre zone ${p.area + 1}` : ''} ${regles(p, '§5')}.`,
      INVALID_STATE: (p) =>
        `La position donnée ne peut pas être jugée : ce n'est pas un état ou une vue que les règles peuvent atteindre (règles ${p.rule ?? '§8'}).`,
      VALUE_MISMATCH: (p) =>
        `${carte(p)}${p.value !== undefined ? ` montre ${p.value}, mais cette série vaut ${p.tableValue ?? '?'}` : ` ne montre pas la valeur de cette série`} : une carte ajoutée doit montrer la valeur de la série ${regles(p, '§5 B')}.`,
    },
    GameSetupError: {
      BAD_PLAYERS: (p) =>
        `dnup se joue de 2 à 5 joueurs, chacun avec un nom non vide${p.input ? `, pas ${p.input}` : ''} (règles §2).`,
      BAD_SEED: (p) => `Une graine est une chaîne ou un entier sûr${p.input ? `, pas ${p.input}` : ''} (règles §3).`,
      BAD_DECK: (p) => `Ce paquet de cartes ne peut pas servir${p.count ? ` (${p.count} problèmes)` : ''} (règles §2).`,
      BAD_OPTIONS: (p) =>
        `Les options de partie sont un objet avec au plus un paquet (deck)${p.name ? `, pas ${p.name}` : ''}.`,
    },
    ArgumentError: {
      BAD_ARGUMENT: (p) =>
        `Cet argument n'est pas de ceux que cette fonction accepte${p.input ? ` : ${p.input}` : ''}.`,
    },
    RecordError: {
      UNREADABLE: /* @__PURE__ */ probleme(
        "La feuille de partie n'est pas une donnée JSON simple (ou elle est trop grande ou trop profonde)",
        '§3',
      ),
      BAD_JSON: /* @__PURE__ */ probleme("La feuille de partie n'est pas du JSON valide", '§3'),
      NOT_AN_OBJECT: /* @__PURE__ */ probleme('Une feuille de partie est un objet JSON', '§3'),
      WRONG_FORMAT: /* @__PURE__ */ probleme("Ce n'est pas une feuille de partie dnup (format « dnup-record »)", '§3'),
      WRONG_VERSION: /* @__PURE__ */ probleme(
        "Cette version de feuille de partie n'est pas lue par cette bibliothèque",
        '§3',
      ),
      UNKNOWN_FIELD: /* @__PURE__ */ probleme("Une feuille de partie n'a pas ce champ", '§3'),
      BAD_PLAYERS: /* @__PURE__ */ probleme('Une feuille de partie nomme de 2 à 5 joueurs', '§2'),
      BAD_SEED: /* @__PURE__ */ probleme("La graine d'une feuille de partie est une chaîne ou un entier sûr", '§3'),
      BAD_OPTIONS: /* @__PURE__ */ probleme("Les options d'une feuille de partie contiennent au plus un paquet", '§2'),
      BAD_DECK: /* @__PURE__ */ probleme('Le paquet de cette feuille de partie ne peut pas servir', '§2'),
      BAD_MOVES: /* @__PURE__ */ probleme("Les coups d'une feuille de partie forment une liste", '§5'),
      BAD_MOVE: /* @__PURE__ */ probleme("Ce n'est pas un coup", '§5'),
      UNKNOWN_CARD: /* @__PURE__ */ probleme("Cette carte n'existe pas dans le paquet de cette partie", '§2'),
      BAD_METADATA: /* @__PURE__ */ probleme("Les métadonnées d'une feuille de partie sont un objet de chaînes", '§3'),
      BAD_START: /* @__PURE__ */ probleme(
        "La position de départ de la feuille de partie n'est pas une position valide de sa partie",
        '§3',
      ),
    },
    PositionError: {
      UNREADABLE: /* @__PURE__ */ probleme(
        "L'état n'est pas une donnée JSON simple (ou il est trop grand ou trop profond)",
        '§8',
      ),
      NOT_A_STATE: /* @__PURE__ */ probleme(
        "C'est la vue d'un joueur, pas l'état de la partie : donnez l'état complet",
        '§8',
      ),
      CORRUPT_STATE: /* @__PURE__ */ probleme(
        'Cet état a été modifié après sa création par la bibliothèque ; rechargez-le',
        '§8',
      ),
      CORRUPT_VIEW: /* @__PURE__ */ probleme(
        'Cette vue a été modifiée après sa création par la bibliothèque ; demandez-en une nouvelle',
        '§8',
      ),
      BAD_KNOWN: /* @__PURE__ */ probleme('Une carte est listée deux fois comme connue de tous', '§5'),
      BAD_STARTER: /* @__PURE__ */ probleme("Le premier joueur de la manche n'est pas une place de cette partie", '§3'),
      BAD_EVENTS: /* @__PURE__ */ probleme("Ce n'est pas un événement de cette partie", '§8'),
      BAD_SHAPE: /* @__PURE__ */ probleme("Ce champ n'a pas la forme d'une position", '§8'),
      BAD_PLAYERS: /* @__PURE__ */ probleme('Une position compte de 2 à 5 joueurs nommés', '§2'),
      BAD_DECK: /* @__PURE__ */ probleme('Le paquet ne peut pas servir', '§2'),
      UNKNOWN_CARD: /* @__PURE__ */ probleme("Cette carte n'existe pas dans le paquet", '§2'),
      CARD_NOT_IN_USE: /* @__PURE__ */ probleme("Cette carte n'est pas utilisée à ce nombre de joueurs", '§3'),
      DUPLICATE_CARD: /* @__PURE__ */ probleme('Une carte se trouve à deux endroits', '§2'),
      MISSING_CARD: /* @__PURE__ */ probleme('Une carte utilisée ne se trouve nulle part', '§2'),
      BAD_DISCARD_COUNT: /* @__PURE__ */ probleme('La taille de la défausse ne correspond pas aux cartes', '§8'),
      BAD_ORIENTATION: /* @__PURE__ */ probleme("Une carte montre une valeur qu'elle n'a pas", '§1'),
      KNOWN_NOT_IN_HAND: /* @__PURE__ */ probleme("Une carte connue dans une main n'y est pas", '§5'),
      EMPTY_SET: /* @__PURE__ */ probleme('Une série compte au moins une carte', '§1'),
      MIXED_SET: /* @__PURE__ */ probleme("Les cartes d'une série montrent toutes la même valeur", '§1'),
      SAME_SIZE_SETS: /* @__PURE__ */ probleme(
        'Deux séries de même taille ne peuvent pas être sur la table ensemble',
        '§5',
      ),
      NO_SUCH_AREA: /* @__PURE__ */ probleme("Cette zone de jeu n'existe pas", '§1'),
      AREA_TAKEN: /* @__PURE__ */ probleme('Une zone de jeu contient au plus une série', '§1'),
      TABLE_ORDER: /* @__PURE__ */ probleme('La table range les séries par place, puis par zone', '§8'),
      BAD_TURN: /* @__PURE__ */ probleme("Ce tour n'existe pas", '§4'),
      TURN_AT_OUT_SEAT: /* @__PURE__ */ probleme(
        "Un joueur qui s'est débarrassé de toutes ses cartes ne joue plus de tour",
        '§7',
      ),
      OWN_SET_AT_TURN: /* @__PURE__ */ probleme(
        'Au début du tour, la série posée devant ce joueur dans cette zone est déjà défaussée',
        '§4.1',
      ),
      BAD_OUT: /* @__PURE__ */ probleme('La liste des joueurs sortis est fausse', '§6'),
      OUT_WITH_CARDS: /* @__PURE__ */ probleme("Un joueur sorti n'a plus de cartes en main", '§6'),
      EMPTY_HAND_NOT_OUT: /* @__PURE__ */ probleme('Un joueur sans cartes en main est sorti', '§6'),
      BAD_STATUS: /* @__PURE__ */ probleme("L'état de la partie ne correspond pas à la position", '§6'),
      BAD_SCORING: /* @__PURE__ */ probleme('Le décompte ne correspond pas au nombre de joueurs', '§6'),
      IMPOSSIBLE_SCORES: /* @__PURE__ */ probleme('Ces scores sont impossibles', '§6'),
      BAD_WINNER: /* @__PURE__ */ probleme('Le gagnant ne correspond pas aux scores', '§6'),
      BAD_ROUND: /* @__PURE__ */ probleme('Le numéro de manche ne correspond pas aux scores', '§6'),
      BAD_MOVE_COUNT: /* @__PURE__ */ probleme('Le nombre de coups ne correspond pas au tour', '§8'),
    },
    NotationError: {
      UNREADABLE: (p) => `${p.input ?? 'Ce texte'} n'est pas un coup en notation dnup (P 3,17 · A 12>1 · T 1 · R · N).`,
      ILLEGAL: (p) => `${p.input ?? 'Ce coup'} n'est pas permis ici${p.rule ? ` (règles ${p.rule})` : ''}.`,
      AMBIGUOUS: (p) =>
        `${p.input ?? 'Ce texte'} correspond à ${p.count ?? 'plusieurs'} coups permis ; précisez lequel.`,
      NOT_A_MOVE: (p) => `${p.input ?? 'Ceci'} n'est pas un coup et n'a donc pas de notation (règles §5).`,
      BAD_POSITION_TEXT: (p) =>
        `${p.input ?? 'Ce texte'} n'est pas un texte de position dnup (dnup1 joueurs mains table …)${p.path ? ` : son champ ${p.path} est illisible` : ''}.`,
    },
    ViewError: {
      NO_SUCH_SEAT: (p) =>
        `Il n'y a pas de place ${p.seat ?? ''} dans une partie à ${p.players ?? '2 à 5'} joueurs (règles §1).`.replace(
          'place  dans',
          'place pareille dans',
        ),
      BAD_VIEW: () => "Ce n'est pas la vue d'un joueur : ses champs n'ont pas la forme d'une vue (règles §8).",
      INCONSISTENT_VIEW: () =>
        'Les faits de cette vue se contredisent : la taille des mains ne correspond pas aux cartes cachées (règles §8).',
    },
    BotError: {
      UNKNOWN_BOT: (p) =>
        `Il n'y a pas de robot nommé ${p.name ?? 'ainsi'}${p.allowed ? ` ; les robots sont ${p.allowed.join(', ')}` : ''}.`,
      BAD_BOT_OPTIONS: (p) => `Ce réglage de robot n'est pas permis${p.name ? ` : ${p.name}` : ''}.`,
      BAD_ARENA_OPTIONS: (p) => `Ce réglage de tournoi n'est pas permis${p.name ? ` : ${p.name}` : ''}.`,
      BAD_BOT_INPUT: (p) =>
        `Un robot a reçu autre chose que la vue d'un joueur et ses coups permis${p.name ? ` (${p.name})` : ''}.`,
      ARENA_WORKER_FAILED: (p) => `Un fil d'exécution du tournoi a échoué${p.input ? ` : ${p.input}` : ''}.`,
      BAD_LADDER_OPTIONS: (p) => `Ce réglage du classement n'est pas permis${p.name ? ` : ${p.name}` : ''}.`,
      BAD_LADDER_RESUME: (p) =>
        `Ces parties ne peuvent pas reprendre ce classement${p.name ? ` (${p.name})` : ''} : reprenez une série avec les réglages de son départ, ou recommencez-la.`,
      RATINGS_UNAVAILABLE: (p) =>
        `Le classement note les robots avec le paquet ${p.name ?? 'openskill'}, qui ne peut pas être chargé : installez-le avec npm install openskill@5.`,
      QUEUE_UNAVAILABLE: (p) =>
        `Un classement sur une file d'attente a besoin du paquet ${p.name ?? 'bullmq'}, qui ne peut pas être chargé : installez-les avec npm install bullmq@6 ioredis@5.`,
      QUEUE_REDIS: (p) =>
        `Redis${p.name ? ` à ${p.name}` : ''} est injoignable ou a disparu : la partie y est gardée ; relancez avec --resume quand il est revenu.`,
      QUEUE_REFUSED: (p) =>
        `Le classement sur file d'attente a été refusé${p.name ? ` (${p.name})` : ''} : identifiant déjà pris, autres réglages, ou un travailleur d'une autre version de dnup ou d'un autre module de robot.`,
      QUEUE_FAILED: (p) =>
        `Une partie du classement sur file d'attente a échoué${p.name ? ` (partie ${p.name})` : ''} : le classement est gardé dans Redis, rien n'est perdu ; corrigez la cause, puis relancez avec --resume.`,
    },
    HistoryError: {
      NOTHING_TO_UNDO: () => "Il n'y a aucun coup à annuler : c'est la première position de l'historique.",
      NOTHING_TO_REDO: () => "Il n'y a aucun coup à rejouer : aucun coup n'a été annulé depuis le dernier joué.",
      NOT_FROM_START: (p) =>
        `Une feuille de partie commence à une partie neuve, mais cet historique commence après le coup ${p.moveNumber ?? '?'} (règles §3).`,
    },
    LocaleError: {
      UNKNOWN_LOCALE: (p) =>
        `Les phrases existent en ${liste(p.allowed ?? ['en', 'fr', 'nl'])} seulement, pas en ${p.name ?? 'cette langue'}.`,
    },
    SelectionError: {
      MALFORMED_SELECTION: (p) =>
        p.action === 'B' && p.count !== undefined
          ? `Ajouter, c'est poser une carte de votre main sur la série d'un adversaire : sélectionnez une seule carte, pas ${p.count} ${regles(p, '§5 B')}.`
          : p.action === 'A'
            ? `Jouer une série la pose devant vous, dans votre zone de jeu : elle ne vise aucune série ${regles(p, '§5 A')}.`
            : p.action === 'C'
              ? `Prendre une série ne désigne que la série prise, aucune carte ${regles(p, '§5 C')}.`
              : p.action === 'D'
                ? `Retourner votre main ne demande ni carte ni série ${regles(p, '§5 D')}.`
                : `Ce n'est pas une sélection de cartes, de série visée et d'action${p.name ? ` (voyez ${p.name})` : ''}${p.input ? ` : ${p.input}` : ''} ${regles(p, '§5')}.`,
      EMPTY_SELECTION: (p) =>
        `Rien n'est sélectionné : choisissez des cartes à jouer, une carte et la série où l'ajouter, ou une série à prendre ; ou retournez votre main ${regles(p, '§5')}.`,
      NO_TARGET: (p) =>
        p.action === 'C'
          ? `Aucun adversaire n'a de série à prendre ${regles(p, '§5 C')}.`
          : `Aucune série d'un adversaire ne peut recevoir ${p.card === undefined ? 'cette carte' : `la carte ${p.card}`} ${regles(p, '§5 B')}.`,
      AMBIGUOUS_SELECTION: (p) =>
        p.distinguish === 'action'
          ? `${carte(p)} peut être jouée ou ajoutée à une série : choisissez l'action ${regles(p, '§5')}.`
          : p.action === 'C'
            ? `${p.count ?? 'Plusieurs'} séries peuvent être prises : choisissez laquelle ${regles(p, '§5 C')}.`
            : `${carte(p)} peut être ajoutée à ${p.count ?? 'plusieurs'} séries : choisissez la série ${regles(p, '§5 B')}.`,
    },
  },
  problems: (sentences) =>
    sentences.length === 1 ? sentences[0]! : `${sentences.length} problèmes : ${sentences.join(' ')}`,
  events: {
    roundDealt: (e, n, v) =>
      `La manche ${e.round} est distribuée ; ${e.starter === v ? 'vous avez la carte 1 sur 5 avec le symbole ★ et commencez' : `${n[e.starter]} a la carte 1 sur 5 avec le symbole ★ et commence`}.`,
    setDiscarded: (e, n, v) =>
      `${laSerie(n, e.seat, v)} (${court(e.cards.length, e.value)}) va à la défausse, face cachée.`,
    setPlayed: (e, n, v) => `${sujet(n, e.seat, v, 'jouez', 'joue')} ${serie(e.cards.length, e.value)}.`,
    cardAdded: (e, n, v) =>
      `${sujet(n, e.seat, v, 'ajoutez', 'ajoute')} un ${e.value} à ${laSerie(n, e.target.seat, v).replace(/^L|^V/, (c) => c.toLowerCase())}, qui devient ${serie(e.size, e.value)}.`,
    setBeaten: (e, n, v) =>
      e.fate === 'discarded'
        ? `${laSerie(n, e.seat, v)} (${court(e.cards.length, e.value)}) est battue et défaussée.`
        : `${laSerie(n, e.seat, v)} (${court(e.cards.length, e.value)}) est battue : ${e.seat === v ? 'vous la reprenez' : `${n[e.seat]} la reprend`} en main en la retournant, et elle revient comme ${commeVaut(e.returned.map((c) => c.active))}.`,
    setTaken: (e, n, v) =>
      `${sujet(n, e.seat, v, 'prenez', 'prend')} ${laSerie(n, e.from.seat, v).replace(/^L|^V/, (c) => c.toLowerCase())} (${court(e.cards.length, e.value)}) et ${e.seat === v ? 'la retournez' : 'la retourne'} : elle arrive en main comme ${commeVaut(e.cards.map((c) => c.active))}.`,
    handRotated: (e, n, v) => {
      const size = e.size ?? e.cards?.length ?? 0;
      return `${sujet(n, e.seat, v, 'retournez', 'retourne')} toutes les cartes de ${e.seat === v ? 'votre' : 'sa'} main (${size} carte${size > 1 ? 's' : ''}).`;
    },
    playerOut: (e, n, v) =>
      `${e.seat === v ? 'Vous vous êtes débarrassé de toutes vos cartes' : `${n[e.seat]} s'est débarrassé de toutes ses cartes`}, ${e.place === 1 ? 'en premier' : 'en second'}.`,
    tokensGained: (e, n, v) => `${sujet(n, e.seat, v, 'gagnez', 'gagne')} ${jetons(e.tokens)} (${e.total} en tout).`,
    roundWon: (e, n, v) =>
      `${sujet(n, e.seat, v, 'gagnez', 'gagne')} la manche (${e.total} gagnée${e.total > 1 ? 's' : ''}).`,
    roundEnded: (e) => `La manche ${e.round} est terminée.`,
    gameWon: (e, n, v) => `${sujet(n, e.seat, v, 'gagnez', 'gagne')} la partie.`,
    turnStarted: (e, n, v) =>
      `À ${e.seat === v ? 'vous' : n[e.seat]} de jouer${n.length === 2 ? ` (zone ${e.area + 1})` : ''}.`,
  },
  move: (s) => {
    const a = s.action;
    const qui = (vous: string, autre: string): string => (s.you ? `Vous ${vous}` : `${s.who} ${autre}`);
    let text =
      a.kind === 'play'
        ? `${qui('jouez', 'joue')} ${serie(a.size, a.value)}`
        : a.kind === 'add'
          ? `${qui('ajoutez', 'ajoute')} un ${a.value} à ${possedee(a.target, s.you)}, qui devient ${serie(a.size, a.value)}`
          : a.kind === 'take'
            ? `${qui('prenez', 'prend')} ${possedee(a.from, s.you)} et ${s.you ? 'la retournez' : 'la retourne'} : elle arrive en main comme ${commeVaut(a.shownAs)}`
            : a.kind === 'rotate'
              ? `${qui('retournez', 'retourne')} toutes les cartes de ${s.you ? 'votre' : 'sa'} main (${a.size} carte${a.size > 1 ? 's' : ''})`
              : a.kind === 'deal'
                ? `La manche ${a.round} est distribuée et ${a.starterYou ? 'vous avez la carte 1 sur 5 avec le symbole ★ et commencez' : `${a.starter} a la carte 1 sur 5 avec le symbole ★ et commence`}`
                : `${qui('jouez', 'joue')}`;
    const b = s.beaten;
    if (b) {
      const bat = s.you ? 'battez' : 'bat';
      const reprend = b.set.own
        ? s.you
          ? 'que vous reprenez'
          : 'que ce joueur reprend'
        : b.set.yours
          ? 'que vous reprenez'
          : `${que(b.set.owner)} reprend`;
      text +=
        b.fate === 'discarded'
          ? `, et ${bat} ${possedee(b.set, s.you)}, qui est défaussée puisque ${b.set.yours ? 'vous êtes sorti(e)' : `${b.set.owner} est sorti(e)`}`
          : `, et ${bat} ${possedee(b.set, s.you)}, ${reprend} en main en la retournant : elle revient comme ${commeVaut(b.returnedAs)}`;
    }
    const o = s.out;
    const debarrasse = s.you ? 'vous vous débarrassez de toutes vos cartes' : 'se débarrasse de toutes ses cartes';
    const gagne = s.you ? 'gagnez' : 'gagne';
    if (o?.kind === 'round')
      text += `, ${debarrasse} et ${gagne} la manche (${o.total} sur ${o.target})${o.game ? ' et la partie' : ''}`;
    if (o?.kind === 'tokens') {
      const fin = o.game ? ` et ${gagne} la partie` : o.roundEnds ? ', ce qui termine la manche' : '';
      text += `, ${debarrasse} ${o.place === 1 ? 'en premier' : 'en second'} et ${gagne} ${jetons(o.tokens)} (${o.total} en tout)${fin}`;
    }
    return `${text}.`;
  },
  position: {
    gameOver: (round, winner) =>
      `Manche ${round} · partie terminée · ${winner === null ? 'pas de gagnant' : `${winner} gagne`}`,
    roundOver: (round, turn) =>
      `Manche ${round} · manche terminée après le tour ${turn} · ensuite : distribuer la manche ${round + 1} (N)`,
    playing: (round, turn, name, area) =>
      `Manche ${round} · tour ${turn} · à ${name} de jouer${area === null ? '' : ` (zone ${area + 1})`}`,
    scores: (mode, target, l) =>
      `Scores (${mode === 'rounds' ? `manches gagnées, ${target} pour gagner` : `jetons Lettre, ${target} pour gagner`}) : ${l}`,
    out: (l) => `Sortis : ${l.map((o) => `${o.name} (${o.place === 1 ? '1er' : `${o.place}e`})`).join(', ')}`,
    tableEmpty: () => 'Table : vide',
    table: () => 'Table :',
    set: (name, area, size, value, cards) =>
      `  ${name}${area === null ? '' : ` zone ${area + 1}`} : ${serie(size, value)} [cartes ${cards.join(', ')}]`,
    discard: (n) => `Défausse : ${n} carte${n > 1 ? 's' : ''}`,
    hands: () => 'Mains :',
    seat: (n) => `place ${n}`,
  },
};
