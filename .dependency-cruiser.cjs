/**
 * The floors of src/ (docs/architecture.md), checked by test/layering/floors.test.ts:
 *
 *   floor 3  i18n/, cli/, index.ts, arena.ts, encodings.ts, neural.ts   sentences in every language, the command line, the entries
 *   floor 2  bots/, arena/, search/, ui/, encodings/, neural/   players: bots; the arena and ladders (worker threads, queues); the playout fast path; the UI kit; encodings for learning agents; the neural bot
 *   floor 1  views/, notation/, records/, setup/, history/   what is built on the rules
 *   floor 0  core/                   the rules: imports nothing outside core/
 *
 * A module imports its own floor or the floors below, never above, and no import circle anywhere
 * (type-only imports count: a circle of types still ties the modules together). Each module owns
 * its error codes; i18n/ names them all, so it is on top. Outside core/, the core is reached only
 * through core/index.ts (the public core) and core/internal.ts (the internals the floors need).
 */
const FLOOR_1 = '^src/(views|notation|records|setup|history)/';
const FLOOR_2 = '^src/(bots|arena|search|ui|encodings|neural)/';
const TOP = '^src/(i18n/|cli/|index[.]ts$|arena[.]ts$|encodings[.]ts$|neural[.]ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle ties its modules into one: none anywhere in src/.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-only-core',
      severity: 'error',
      comment: 'Floor 0: the rules core imports nothing outside core/.',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'core-through-its-doors',
      severity: 'error',
      comment:
        'Outside core/, the core is imported from core/index.ts (the public core) or core/internal.ts (the internals other floors need), never from its other files.',
      from: { path: '^src/', pathNot: '^src/core/' },
      to: { path: '^src/core/', pathNot: '^src/core/(index|internal)[.]ts$' },
    },
    {
      name: 'floor-1-below-players',
      severity: 'error',
      comment: 'Floor 1 (views, notation, records, setup, history) imports only core/ and floor 1.',
      from: { path: FLOOR_1 },
      to: { path: `${FLOOR_2}|${TOP}` },
    },
    {
      name: 'floor-2-below-top',
      severity: 'error',
      comment: 'Floor 2 (bots, search, ui, encodings, neural) imports nothing of i18n/, cli/ or the entry.',
      from: { path: FLOOR_2 },
      to: { path: TOP },
    },
    {
      name: 'nothing-imports-the-cli-or-entry',
      severity: 'error',
      comment: 'cli/ and the entries are leaves: the library never imports them (the CLI may).',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/(cli/|index[.]ts$|arena[.]ts$|encodings[.]ts$|neural[.]ts$)' },
    },
    {
      name: 'root-entry-without-arena',
      severity: 'error',
      comment:
        'The package root is browser-clean: it never reaches the arena (worker threads), which is the entry dnup/arena.',
      from: { path: '^src/index[.]ts$' },
      to: { path: '^src/arena/', reachable: true },
    },
    {
      name: 'root-entry-without-encodings',
      severity: 'error',
      comment:
        'The encodings for learning agents are the entry dnup/encodings: an app that imports only the root ships none of them.',
      from: { path: '^src/index[.]ts$' },
      to: { path: '^src/encodings/', reachable: true },
    },
    {
      name: 'root-entry-without-neural',
      severity: 'error',
      comment:
        'The neural bot and its weights are the entry dnup/neural: an app that imports only the root ships none of them.',
      from: { path: '^src/index[.]ts$' },
      to: { path: '^src/neural/', reachable: true },
    },
    {
      name: 'node-builtins-only-in-node-modules',
      severity: 'error',
      comment:
        'Browser-clean library: node: built-ins only in the CLI and the arena folder (worker threads, queues, files), which the root entry never reaches.',
      from: { path: '^src/', pathNot: '^src/(cli|arena)/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    // type-only imports are edges too
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
