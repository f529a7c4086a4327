// Writes docs/api-report.md: every value the package root exports, with its kind, so that a
// change to the public API shows up in review as a diff of this file. Run after `npm run build`.
import { writeFileSync } from 'node:fs';

const api = await import('../dist/index.js');
const lines = Object.keys(api)
  .sort()
  .map((name) => `- \`${name}\`: ${typeof api[name] === 'function' ? (/^class\s/.test(String(api[name])) ? 'class' : 'function') : typeof api[name]}`);
writeFileSync(
  new URL('../docs/api-report.md', import.meta.url),
  `---\ntitle: Public API report\ngroup: Documents\n---\n\n# Public API report\n\nEvery value exported by the package root (types are listed in the API reference). Regenerate with\n\`npm run build && node scripts/regenerate-api-report.mjs\`; \`test/api\` fails when this list and the\nexports disagree, so an API change is always a visible diff.\n\n${lines.join('\n')}\n`,
);
console.log(`${lines.length} exports written to docs/api-report.md`);
