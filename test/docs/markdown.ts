/**
 * Reading the project's Markdown for the docs tests: the documents that carry examples, their
 * fenced code blocks and their relative links.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** README.md, the guides and the other hand-written pages of docs/ that this issue owns. */
export function documentedFiles(): string[] {
  const guides = join(ROOT, 'docs', 'guides');
  const files = [join(ROOT, 'README.md'), join(ROOT, 'docs', 'randomness.md'), join(ROOT, 'docs', 'notation.md')];
  if (existsSync(guides)) {
    for (const name of readdirSync(guides).sort()) if (name.endsWith('.md')) files.push(join(guides, name));
  }
  return files.filter((f) => existsSync(f));
}

/**
 * Every hand-written page a reader reaches from the README: the documented files above, the other
 * pages of docs/ and the contributors' guide (the generated docs/api/ left out).
 */
export function linkedFiles(): string[] {
  const docs = join(ROOT, 'docs');
  const pages = readdirSync(docs)
    .sort()
    .filter((n) => n.endsWith('.md'))
    .map((n) => join(docs, n));
  const all = [...documentedFiles(), ...pages, join(ROOT, 'CONTRIBUTING.md'), join(ROOT, 'CHANGELOG.md')];
  return [...new Set(all)].filter((f) => existsSync(f));
}

/** A fenced code block. */
export interface CodeBlock {
  /** Repository-relative path of the Markdown file. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The language, e.g. `ts`. */
  readonly lang: string;
  /** Words after the language on the fence line, e.g. `no-run`, `pending`. */
  readonly flags: readonly string[];
  readonly code: string;
}

/** Every fenced block of a Markdown file, in order. */
function codeBlocks(path: string): CodeBlock[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trimStart().startsWith(fence)) body.push(lines[j++]!);
    blocks.push({
      file: relative(ROOT, path),
      line: i + 1,
      lang: open[3]!.toLowerCase(),
      flags: open[4]!.trim().split(/\s+/).filter(Boolean),
      code: body.join('\n'),
    });
    i = j;
  }
  return blocks;
}

/** The TypeScript examples of a file: ```ts / ```typescript blocks not marked `no-run`. */
export function tsExamples(path: string): CodeBlock[] {
  return codeBlocks(path).filter((b) => (b.lang === 'ts' || b.lang === 'typescript') && !b.flags.includes('no-run'));
}

/** The value names an example imports from 'dnup' (type-only imports left out). */
export function dnupValueImports(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]dnup['"]/g)) {
    if (m[1]) continue;
    for (const part of m[2]!.split(',')) {
      const spec = part.trim();
      if (spec === '' || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The anchors of a Markdown file's headings, with GitHub's -1, -2 suffixes for repeats. With
 * `site`, those of the API site instead: typedoc leaves a heading's code spans out of its anchor
 * (`## The bot: \`expert\`` is `#the-bot` there, `#the-bot-expert` on GitHub).
 */
export function anchors(path: string, site = false): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let inFence = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    const h = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = slug(site ? h[1]!.replace(/`[^`]*`/g, '') : h[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** A Markdown link to a relative path, e.g. `[rules](rules.md#5-the-four-actions)`. */
export interface RelativeLink {
  readonly line: number;
  readonly target: string;
  readonly anchor: string | undefined;
}

/** The relative links of a Markdown file outside code blocks (absolute URLs left out). */
export function relativeLinks(path: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  let inFence = false;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
      if (inFence) return;
      const text = line.replace(/`[^`]*`/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const href = m[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
        const [target, anchor] = href.split('#') as [string, string | undefined];
        links.push({ line: i + 1, target, anchor });
      }
    });
  return links;
}
