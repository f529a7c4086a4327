/**
 * Zinnen in het Nederlands, met de woorden van de Nederlandse spelregels: set, speelgebied,
 * aflegstapel, letterfiche, ronde, beurt, hand, tegenstander, omdraaien. Een zin telt op één
 * manier (counting.ts): spelers bij naam en speelgebieden zoals in de regels (speelgebied 1,
 * speelgebied 2); een foutzin zonder de namen van de spelers zegt „plaats 1, speelgebied 0", zoals
 * de gegevens.
 */
import { namesFor } from './counting.js';
import type { Catalogue, ErrorParams, SetRef } from './types.js';

const GETALLEN = [
  'geen',
  'een',
  'twee',
  'drie',
  'vier',
  'vijf',
  'zes',
  'zeven',
  'acht',
  'negen',
  'tien',
  'elf',
  'twaalf',
];
const getal = (n: number): string => GETALLEN[n] ?? String(n);
const lijst = (items: readonly (string | number)[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;
/** „een 6" of „een set van drie 6". */
const set = (size: number, value: number): string =>
  size === 1 ? `een ${value}` : `een set van ${getal(size)} ${value}`;
/** „een 6" of „twee 6", tussen haakjes na „de set van …". */
const kort = (size: number, value: number): string => (size === 1 ? `een ${value}` : `${getal(size)} ${value}`);
const als = (values: readonly number[]): string => (values.length === 1 ? `een ${values[0]}` : lijst(values));
/** Een set met zijn eigenaar, gezien vanuit wie zet (`jij`: dat is de lezer). */
const vanWie = (s: SetRef, jij: boolean): string =>
  `${s.own ? (jij ? 'je eigen set' : 'zijn eigen set') : s.yours ? 'jouw set' : `de set van ${s.owner}`} (${s.size === 1 ? `één ${s.value}` : `${getal(s.size)} ${s.value}`})`;
/** „Je" tegen de lezer (plaats `v`), anders de naam. */
const wie = (n: readonly string[], seat: number, v: number | undefined): string => (seat === v ? 'Je' : n[seat]!);
/** „Jouw set" tegen de lezer, anders „De set van Ana". */
const deSet = (n: readonly string[], seat: number, v: number | undefined): string =>
  seat === v ? 'Jouw set' : `De set van ${n[seat]}`;
const regels = (p: ErrorParams, fallback: string): string => `(regels ${p.rule ?? fallback})`;
const bij = (p: ErrorParams): string => (p.path ? ` (bij ${p.path})` : '');
const kaart = (p: ErrorParams): string => (p.card !== undefined ? `Kaart ${p.card}` : 'Deze kaart');
const plaats = (n: number | undefined): string => (n === undefined ? 'een andere plaats' : `plaats ${n}`);
/** Een speelgebied geteld zoals in de gegevens: „plaats 1, speelgebied 0". */
const waar = (p: ErrorParams): string => `${plaats(p.seat)}${p.area !== undefined ? `, speelgebied ${p.area}` : ''}`;
// called at load for each code: /* @__PURE__ */ at the call sites lets bundlers drop unused catalogues
const probleem =
  (what: string, rule: string) =>
  (p: ErrorParams): string =>
    `${what}${bij(p)} ${regels(p, rule)}.`;
const fiches = (n: number): string => `${n} letterfiche${n === 1 ? '' : 's'}`;

export const nl: Catalogue = {
  locale: 'nl',
  errors: {
    IllegalMoveError: {
      MALFORMED_MOVE: (p) => `Dat is geen zet${p.input ? `: ${p.input}` : ''} ${regels(p, '§5')}.`,
      NOT_YOUR_TURN: (p, names) => {
        const n = namesFor(names, p.seat, p.turnSeat);
        const wie = (s: number | undefined): string =>
          n === undefined ? plaats(s) : s === undefined ? 'een andere speler' : n[s]!;
        return `${wie(p.turnSeat)[0]!.toUpperCase()}${wie(p.turnSeat).slice(1)} is aan de beurt, niet ${wie(p.seat)} ${regels(p, '§4')}.`;
      },
      GAME_OVER: (p) => `Het spel is afgelopen: er kan geen zet meer gedaan worden ${regels(p, '§6')}.`,
      ROUND_OVER: (p) => `De ronde is voorbij: de enige zet is de volgende ronde delen ${regels(p, '§8')}.`,
      ROUND_NOT_OVER: (p) => `De volgende ronde wordt pas gedeeld als deze ronde voorbij is ${regels(p, '§8')}.`,
      EMPTY_PLAY: (p) =>
        `Een set heeft minstens één kaart: kies een of meer kaarten om te spelen ${regels(p, '§5 A')}.`,
      DUPLICATE_CARD: (p) =>
        `${kaart(p)} wordt twee keer genoemd; elke kaart kan maar één keer gespeeld worden ${regels(p, '§5 A')}.`,
      UNKNOWN_CARD: (p) =>
        `${p.card !== undefined ? `Kaart ${p.card} bestaat niet` : 'Deze kaart bestaat niet'} in de kaarten van dit spel ${regels(p, '§2')}.`,
      NOT_YOUR_CARD: (p) => `${kaart(p)} zit niet in je hand ${regels(p, '§5')}.`,
      MIXED_VALUES: (p) =>
        `De kaarten van een set moeten allemaal dezelfde actieve waarde tonen${p.values ? `, maar deze tonen ${lijst(p.values)}` : ''} ${regels(p, '§5 A')}.`,
      DOES_NOT_BEAT: (p) =>
        p.size !== undefined && p.value !== undefined && p.tableValue !== undefined
          ? `${p.size === 1 ? `Een losse ${p.value} moet de losse kaart op tafel verslaan` : `Een set van ${getal(p.size)} ${p.value} moet de set van ${getal(p.size)} kaarten op tafel verslaan`}, met waarde ${p.tableValue}: daarvoor is een hogere waarde nodig ${regels(p, '§5')}.`
          : `Deze set verslaat de set van dezelfde grootte op tafel niet: daarvoor is een hogere waarde nodig ${regels(p, '§5')}.`,
      NO_SUCH_AREA: (p, names) => {
        const n = namesFor(names, p.seat);
        if (n !== undefined && p.seat !== undefined)
          return `${n[p.seat]} heeft geen speelgebied${p.area !== undefined ? ` ${p.area + 1}` : ' daar'} in dit spel ${regels(p, '§1')}.`;
        return `Er is geen speelgebied op ${waar(p)} in dit spel ${regels(p, '§1')}.`;
      },
      NO_SET_THERE: (p, names) => {
        const n = namesFor(names, p.seat);
        if (n !== undefined && p.seat !== undefined)
          return `Er ligt geen set in speelgebied${p.area !== undefined ? ` ${p.area + 1}` : ''} van ${n[p.seat]} ${regels(p, '§5')}.`;
        return `Er ligt geen set op ${waar(p)} ${regels(p, '§5')}.`;
      },
      NOT_AN_OPPONENT_SET: (p) =>
        `Actie ${p.action ?? 'B of C'} werkt alleen op de set van een andere speler, nooit op je eigen set${(p.areas ?? 1) > 1 && p.area !== undefined ? ` in speelgebied ${p.area + 1}` : ''} ${regels(p, '§5')}.`,
      INVALID_STATE: (p) =>
        `De gegeven stand kan niet beoordeeld worden: het is geen toestand of overzicht dat de regels kunnen bereiken (regels ${p.rule ?? '§8'}).`,
      VALUE_MISMATCH: (p) =>
        `${kaart(p)}${p.value !== undefined ? ` toont ${p.value}, maar die set heeft waarde ${p.tableValue ?? '?'}` : ' toont niet de waarde van die set'}: een toegevoegde kaart moet de waarde van de set tonen ${regels(p, '§5 B')}.`,
    },
    GameSetupError: {
      BAD_PLAYERS: (p) =>
        `dnup speel je met 2 tot 5 spelers, elk met een niet-lege naam${p.input ? `, niet ${p.input}` : ''} (regels §2).`,
      BAD_SEED: (p) =>
        `Een seed is een tekst of een veilig geheel getal${p.input ? `, niet ${p.input}` : ''} (regels §3).`,
      BAD_DECK: (p) =>
        `Met deze kaarten kan niet gespeeld worden${p.count ? ` (${p.count} problemen)` : ''} (regels §2).`,
      BAD_OPTIONS: (p) => `Spelopties zijn een object met hoogstens kaarten (deck)${p.name ? `, niet ${p.name}` : ''}.`,
    },
    ArgumentError: {
      BAD_ARGUMENT: (p) => `Dit argument neemt deze functie niet aan${p.input ? `: ${p.input}` : ''}.`,
    },
    RecordError: {
      UNREADABLE: /* @__PURE__ */ probleem(
        'Het spelverslag is geen eenvoudige JSON (of het is te groot of te diep genest)',
        '§3',
      ),
      BAD_JSON: /* @__PURE__ */ probleem('Het spelverslag is geen geldige JSON', '§3'),
      NOT_AN_OBJECT: /* @__PURE__ */ probleem('Een spelverslag is een JSON-object', '§3'),
      WRONG_FORMAT: /* @__PURE__ */ probleem('Dit is geen dnup-spelverslag (formaat „dnup-record")', '§3'),
      WRONG_VERSION: /* @__PURE__ */ probleem(
        'Deze versie van het spelverslag kan deze bibliotheek niet naspelen',
        '§3',
      ),
      UNKNOWN_FIELD: /* @__PURE__ */ probleem('Een spelverslag heeft dit veld niet', '§3'),
      BAD_PLAYERS: /* @__PURE__ */ probleem('Een spelverslag noemt 2 tot 5 spelers', '§2'),
      BAD_SEED: /* @__PURE__ */ probleem('De seed van een spelverslag is een tekst of een veilig geheel getal', '§3'),
      BAD_OPTIONS: /* @__PURE__ */ probleem('De opties van een spelverslag bevatten hoogstens kaarten', '§2'),
      BAD_DECK: /* @__PURE__ */ probleem('Met de kaarten van dit spelverslag kan niet gespeeld worden', '§2'),
      BAD_MOVES: /* @__PURE__ */ probleem('De zetten van een spelverslag vormen een lijst', '§5'),
      BAD_MOVE: /* @__PURE__ */ probleem('Dat is geen zet', '§5'),
      UNKNOWN_CARD: /* @__PURE__ */ probleem('Deze kaart bestaat niet in de kaarten van dit spel', '§2'),
      BAD_METADATA: /* @__PURE__ */ probleem('De metagegevens van een spelverslag zijn een object met teksten', '§3'),
      BAD_START: /* @__PURE__ */ probleem(
        'De beginstelling van het spelverslag is geen geldige stelling van zijn spel',
        '§3',
      ),
    },
    PositionError: {
      UNREADABLE: /* @__PURE__ */ probleem(
        'De toestand is geen eenvoudige JSON (of hij is te groot of te diep genest)',
        '§8',
      ),
      NOT_A_STATE: /* @__PURE__ */ probleem(
        'Dit is het overzicht van een speler, niet de toestand van het spel: geef de volledige toestand',
        '§8',
      ),
      CORRUPT_STATE: /* @__PURE__ */ probleem(
        'Deze toestand is gewijzigd nadat de bibliotheek hem maakte; laad hem opnieuw',
        '§8',
      ),
      CORRUPT_VIEW: /* @__PURE__ */ probleem(
        'Deze spelersweergave is gewijzigd nadat de bibliotheek haar maakte; vraag een nieuwe op',
        '§8',
      ),
      BAD_KNOWN: /* @__PURE__ */ probleem('Een kaart staat twee keer in de lijst van openbaar bekende kaarten', '§5'),
      BAD_STARTER: /* @__PURE__ */ probleem('De beginnende speler van de ronde is geen plaats in dit spel', '§3'),
      BAD_EVENTS: /* @__PURE__ */ probleem('Dit is geen gebeurtenis van dit spel', '§8'),
      BAD_SHAPE: /* @__PURE__ */ probleem('Dit veld heeft niet de vorm van een stelling', '§8'),
      BAD_PLAYERS: /* @__PURE__ */ probleem('Een stelling heeft 2 tot 5 spelers met een naam', '§2'),
      BAD_DECK: /* @__PURE__ */ probleem('Met deze kaarten kan niet gespeeld worden', '§2'),
      UNKNOWN_CARD: /* @__PURE__ */ probleem('Deze kaart bestaat niet', '§2'),
      CARD_NOT_IN_USE: /* @__PURE__ */ probleem('Deze kaart wordt bij dit aantal spelers niet gebruikt', '§3'),
      DUPLICATE_CARD: /* @__PURE__ */ probleem('Een kaart ligt op twee plaatsen', '§2'),
      MISSING_CARD: /* @__PURE__ */ probleem('Een gebruikte kaart ligt nergens', '§2'),
      BAD_DISCARD_COUNT: /* @__PURE__ */ probleem('De grootte van de aflegstapel klopt niet met de kaarten', '§8'),
      BAD_ORIENTATION: /* @__PURE__ */ probleem('Een kaart toont een waarde die ze niet heeft', '§1'),
      KNOWN_NOT_IN_HAND: /* @__PURE__ */ probleem('Een kaart die bekend in een hand zit, zit er niet in', '§5'),
      EMPTY_SET: /* @__PURE__ */ probleem('Een set heeft minstens één kaart', '§1'),
      MIXED_SET: /* @__PURE__ */ probleem('De kaarten van een set tonen allemaal dezelfde waarde', '§1'),
      SAME_SIZE_SETS: /* @__PURE__ */ probleem(
        'Twee sets van dezelfde grootte kunnen niet samen op tafel liggen',
        '§5',
      ),
      NO_SUCH_AREA: /* @__PURE__ */ probleem('Dit speelgebied bestaat niet', '§1'),
      AREA_TAKEN: /* @__PURE__ */ probleem('Een speelgebied bevat hoogstens één set', '§1'),
      TABLE_ORDER: /* @__PURE__ */ probleem('De tafel noemt de sets per plaats en dan per speelgebied', '§8'),
      BAD_TURN: /* @__PURE__ */ probleem('Deze beurt bestaat niet', '§4'),
      TURN_AT_OUT_SEAT: /* @__PURE__ */ probleem('Wie zijn hand heeft leeggemaakt, krijgt geen beurt meer', '§7'),
      OWN_SET_AT_TURN: /* @__PURE__ */ probleem(
        'Bij het begin van de beurt ligt de set van deze speler in dit speelgebied al op de aflegstapel',
        '§4.1',
      ),
      BAD_OUT: /* @__PURE__ */ probleem('De lijst van spelers die uit zijn klopt niet', '§6'),
      OUT_WITH_CARDS: /* @__PURE__ */ probleem('Een speler die uit is, heeft geen kaarten meer', '§6'),
      EMPTY_HAND_NOT_OUT: /* @__PURE__ */ probleem('Een speler met een lege hand is uit', '§6'),
      BAD_STATUS: /* @__PURE__ */ probleem('De toestand van het spel past niet bij de stelling', '§6'),
      BAD_SCORING: /* @__PURE__ */ probleem('De telling past niet bij het aantal spelers', '§6'),
      IMPOSSIBLE_SCORES: /* @__PURE__ */ probleem('Deze scores zijn onmogelijk', '§6'),
      BAD_WINNER: /* @__PURE__ */ probleem('De winnaar past niet bij de scores', '§6'),
      BAD_ROUND: /* @__PURE__ */ probleem('Het rondenummer past niet bij de scores', '§6'),
      BAD_MOVE_COUNT: /* @__PURE__ */ probleem('Het aantal zetten past niet bij de beurt', '§8'),
    },
    NotationError: {
      UNREADABLE: (p) => `${p.input ?? 'Deze tekst'} is geen zet in dnup-notatie (P 3,17 · A 12>1 · T 1 · R · N).`,
      ILLEGAL: (p) => `${p.input ?? 'Deze zet'} mag hier niet${p.rule ? ` (regels ${p.rule})` : ''}.`,
      AMBIGUOUS: (p) => `${p.input ?? 'Deze tekst'} past bij ${p.count ?? 'meerdere'} toegestane zetten; zeg welke.`,
      NOT_A_MOVE: (p) => `${p.input ?? 'Dit'} is geen zet en heeft dus geen notatie (regels §5).`,
      BAD_POSITION_TEXT: (p) =>
        `${p.input ?? 'Deze tekst'} is geen dnup-positietekst (dnup1 spelers handen tafel …)${p.path ? `: het veld ${p.path} is onleesbaar` : ''}.`,
    },
    ViewError: {
      NO_SUCH_SEAT: (p) =>
        `Er is geen plaats ${p.seat ?? ''} in een spel met ${p.players ?? '2 tot 5'} spelers (regels §1).`.replace(
          'plaats  in',
          'zulke plaats in',
        ),
      BAD_VIEW: () =>
        'Dit is geen overzicht van een speler: de velden hebben niet de vorm van een overzicht (regels §8).',
      INCONSISTENT_VIEW: () =>
        'De gegevens van dit overzicht spreken elkaar tegen: de handgroottes passen niet bij de onzichtbare kaarten (regels §8).',
    },
    BotError: {
      UNKNOWN_BOT: (p) =>
        `Er is geen bot met de naam ${p.name ?? 'die'}${p.allowed ? `; de bots zijn ${p.allowed.join(', ')}` : ''}.`,
      BAD_BOT_OPTIONS: (p) => `Deze instelling van de bot mag niet${p.name ? `: ${p.name}` : ''}.`,
      BAD_ARENA_OPTIONS: (p) => `Deze instelling van het toernooi mag niet${p.name ? `: ${p.name}` : ''}.`,
      BAD_BOT_INPUT: (p) =>
        `Een robot kreeg iets anders dan het overzicht van een speler en zijn toegestane zetten${p.name ? ` (${p.name})` : ''}.`,
      ARENA_WORKER_FAILED: (p) => `Een werkthread van het toernooi is mislukt${p.input ? `: ${p.input}` : ''}.`,
      BAD_LADDER_OPTIONS: (p) => `Deze instelling van de ranglijst mag niet${p.name ? `: ${p.name}` : ''}.`,
      BAD_LADDER_RESUME: (p) =>
        `Deze partijen kunnen deze ranglijst niet hervatten${p.name ? ` (${p.name})` : ''}: hervat een reeks met de instellingen waarmee ze begon, of begin opnieuw.`,
      RATINGS_UNAVAILABLE: (p) =>
        `De ranglijst beoordeelt bots met het pakket ${p.name ?? 'openskill'}, dat niet geladen kan worden: installeer het met npm install openskill@5.`,
      QUEUE_UNAVAILABLE: (p) =>
        `Een ranglijst via een wachtrij heeft het pakket ${p.name ?? 'bullmq'} nodig, dat niet geladen kan worden: installeer ze met npm install bullmq@6 ioredis@5.`,
      QUEUE_REDIS: (p) =>
        `Redis${p.name ? ` op ${p.name}` : ''} is onbereikbaar of verdwenen: de run blijft daar bewaard; start opnieuw met --resume zodra het terug is.`,
      QUEUE_REFUSED: (p) =>
        `De run via de wachtrij werd geweigerd${p.name ? ` (${p.name})` : ''}: een run-id in gebruik, andere instellingen, of een worker van een andere dnup-versie of een andere botmodule.`,
      QUEUE_FAILED: (p) =>
        `Een partij van de run via de wachtrij is mislukt${p.name ? ` (partij ${p.name})` : ''}: de run blijft in Redis bewaard, er gaat niets verloren; verhelp de oorzaak en start opnieuw met --resume.`,
    },
    HistoryError: {
      NOTHING_TO_UNDO: () => 'Er is geen zet om ongedaan te maken: dit is de eerste stelling van de geschiedenis.',
      NOTHING_TO_REDO: () => 'Er is geen zet om opnieuw te doen: sinds de laatste zet is er niets ongedaan gemaakt.',
      NOT_FROM_START: (p) =>
        `Een spelverslag begint bij een nieuw spel, maar deze geschiedenis begint na zet ${p.moveNumber ?? '?'} (regels §3).`,
    },
    LocaleError: {
      UNKNOWN_LOCALE: (p) =>
        `Er zijn alleen zinnen in ${lijst(p.allowed ?? ['en', 'fr', 'nl'])}, niet in ${p.name ?? 'die taal'}.`,
    },
    SelectionError: {
      MALFORMED_SELECTION: (p) =>
        p.action === 'B' && p.count !== undefined
          ? `Toevoegen is één kaart uit je hand bij een set van een tegenstander: kies precies één kaart, geen ${p.count} ${regels(p, '§5 B')}.`
          : p.action === 'A'
            ? `Een set speel je voor je neer, in je eigen speelgebied: er hoort geen doelset bij ${regels(p, '§5 A')}.`
            : p.action === 'C'
              ? `Een set nemen noemt alleen de set die je neemt, geen kaarten ${regels(p, '§5 C')}.`
              : p.action === 'D'
                ? `Je hand omdraaien vraagt geen kaarten en geen set ${regels(p, '§5 D')}.`
                : `Dit is geen keuze van kaarten, een doelset en een actie${p.name ? ` (kijk naar ${p.name})` : ''}${p.input ? `: ${p.input}` : ''} ${regels(p, '§5')}.`,
      EMPTY_SELECTION: (p) =>
        `Er is niets gekozen: kies kaarten om te spelen, één kaart en een set om die aan toe te voegen, of een set om te nemen; of draai je hand om ${regels(p, '§5')}.`,
      NO_TARGET: (p) =>
        p.action === 'C'
          ? `Geen tegenstander heeft een set die je kunt nemen ${regels(p, '§5 C')}.`
          : `Er is geen set van een tegenstander waaraan je ${p.card === undefined ? 'die kaart' : `kaart ${p.card}`} kunt toevoegen ${regels(p, '§5 B')}.`,
      AMBIGUOUS_SELECTION: (p) =>
        p.distinguish === 'action'
          ? `${kaart(p)} kan gespeeld of aan een set toegevoegd worden: kies de actie ${regels(p, '§5')}.`
          : p.action === 'C'
            ? `${p.count ?? 'Meerdere'} sets kun je nemen: kies welke ${regels(p, '§5 C')}.`
            : `${kaart(p)} kan aan ${p.count ?? 'meerdere'} sets toegevoegd worden: kies de set ${regels(p, '§5 B')}.`,
    },
  },
  problems: (sentences) =>
    sentences.length === 1 ? sentences[0]! : `${sentences.length} problemen: ${sentences.join(' ')}`,
  events: {
    roundDealt: (e, n, v) =>
      `Ronde ${e.round} is gedeeld; ${e.starter === v ? 'jij hebt' : `${n[e.starter]} heeft`} de sterkaart en begint.`,
    setDiscarded: (e, n, v) =>
      `${deSet(n, e.seat, v)} (${kort(e.cards.length, e.value)}) gaat gedekt naar de aflegstapel.`,
    setPlayed: (e, n, v) => `${wie(n, e.seat, v)} speelt ${set(e.cards.length, e.value)}.`,
    cardAdded: (e, n, v) =>
      `${wie(n, e.seat, v)} voegt een ${e.value} toe aan ${deSet(n, e.target.seat, v).replace(/^[DJ]/, (c) => c.toLowerCase())}, die nu ${set(e.size, e.value)} is.`,
    setBeaten: (e, n, v) =>
      e.fate === 'discarded'
        ? `${deSet(n, e.seat, v)} (${kort(e.cards.length, e.value)}) is verslagen en gaat naar de aflegstapel.`
        : `${deSet(n, e.seat, v)} (${kort(e.cards.length, e.value)}) is verslagen: ${e.seat === v ? 'je neemt de kaarten terug in je hand' : `${n[e.seat]} neemt de kaarten terug in de hand`} en draait ze om, als ${als(e.returned.map((c) => c.active))}.`,
    setTaken: (e, n, v) =>
      `${wie(n, e.seat, v)} neemt ${deSet(n, e.from.seat, v).replace(/^[DJ]/, (c) => c.toLowerCase())} (${kort(e.cards.length, e.value)}) en draait de kaarten om: ze komen in ${e.seat === v ? 'je' : 'de'} hand als ${als(e.cards.map((c) => c.active))}.`,
    handRotated: (e, n, v) => {
      const size = e.size ?? e.cards?.length ?? 0;
      return `${wie(n, e.seat, v)} draait alle kaarten in ${e.seat === v ? 'je' : 'de'} hand om (${size} kaart${size === 1 ? '' : 'en'}).`;
    },
    playerOut: (e, n, v) =>
      `${e.seat === v ? 'Je hebt al je kaarten' : `${n[e.seat]} heeft al de kaarten`} weggespeeld, als ${e.place === 1 ? 'eerste' : 'tweede'}.`,
    tokensGained: (e, n, v) => `${wie(n, e.seat, v)} krijgt ${fiches(e.tokens)} (${e.total} in totaal).`,
    roundWon: (e, n, v) => `${wie(n, e.seat, v)} wint de ronde (${e.total} gewonnen).`,
    roundEnded: (e) => `Ronde ${e.round} is voorbij.`,
    gameWon: (e, n, v) => `${wie(n, e.seat, v)} wint het spel.`,
    turnStarted: (e, n, v) =>
      `${e.seat === v ? 'Jij bent' : `${n[e.seat]} is`} aan de beurt${n.length === 2 ? ` (speelgebied ${e.area + 1})` : ''}.`,
  },
  move: (s) => {
    const a = s.action;
    const zetter = s.you ? 'Je' : s.who;
    const hand = s.you ? 'je hand' : 'de hand';
    let text =
      a.kind === 'play'
        ? `${zetter} speelt ${set(a.size, a.value)}`
        : a.kind === 'add'
          ? `${zetter} voegt een ${a.value} toe aan ${vanWie(a.target, s.you)}, die nu ${set(a.size, a.value)} is`
          : a.kind === 'take'
            ? `${zetter} neemt ${vanWie(a.from, s.you)} en draait de kaarten om: ze komen in ${hand} als ${als(a.shownAs)}`
            : a.kind === 'rotate'
              ? `${zetter} draait alle kaarten in ${hand} om (${a.size} kaart${a.size === 1 ? '' : 'en'})`
              : a.kind === 'deal'
                ? `Ronde ${a.round} is gedeeld en ${a.starterYou ? 'jij hebt' : `${a.starter} heeft`} de sterkaart en begint`
                : `${zetter} zet`;
    const b = s.beaten;
    if (b) {
      const terug = b.set.own
        ? s.you
          ? 'je neemt de kaarten terug in je hand'
          : 'die neemt de kaarten terug in de hand'
        : b.set.yours
          ? 'je neemt de kaarten terug in je hand'
          : `${b.set.owner} neemt de kaarten terug in de hand`;
      text +=
        b.fate === 'discarded'
          ? `, en verslaat ${vanWie(b.set, s.you)}, die naar de aflegstapel gaat omdat ${b.set.yours ? 'jij' : b.set.owner} uit ${b.set.yours ? 'bent' : 'is'}`
          : `, en verslaat ${vanWie(b.set, s.you)}: ${terug} en draait ze om, als ${als(b.returnedAs)}`;
    }
    const o = s.out;
    if (o?.kind === 'round')
      text += `, maakt ${hand} leeg en wint de ronde (${o.total} van ${o.target})${o.game ? ' en het spel' : ''}`;
    if (o?.kind === 'tokens') {
      const einde = o.game ? ' en wint het spel' : o.roundEnds ? ', waarmee de ronde eindigt' : '';
      text += `, maakt ${hand} als ${o.place === 1 ? 'eerste' : 'tweede'} leeg en krijgt ${fiches(o.tokens)} (${o.total} in totaal)${einde}`;
    }
    return `${text}.`;
  },
  position: {
    gameOver: (round, winner) =>
      `Ronde ${round} · spel voorbij · ${winner === null ? 'geen winnaar' : `${winner} wint`}`,
    roundOver: (round, turn) =>
      `Ronde ${round} · ronde voorbij na beurt ${turn} · hierna: ronde ${round + 1} delen (N)`,
    playing: (round, turn, name, area) =>
      `Ronde ${round} · beurt ${turn} · ${name} is aan de beurt${area === null ? '' : ` (speelgebied ${area + 1})`}`,
    scores: (mode, target, l) =>
      `Stand (${mode === 'rounds' ? `gewonnen rondes, ${target} om te winnen` : `letterfiches, ${target} om te winnen`}): ${l}`,
    out: (l) => `Uit: ${l.map((o) => `${o.name} (${o.place}e)`).join(', ')}`,
    tableEmpty: () => 'Tafel: leeg',
    table: () => 'Tafel:',
    set: (name, area, size, value, cards) =>
      `  ${name}${area === null ? '' : ` speelgebied ${area + 1}`}: ${set(size, value)} [kaarten ${cards.join(', ')}]`,
    discard: (n) => `Aflegstapel: ${n} kaart${n === 1 ? '' : 'en'}`,
    hands: () => 'Handen:',
    seat: (n) => `plaats ${n}`,
  },
};
