// Two touches to the API site (typedoc loads this file as a plugin, see typedoc.json):
// 1. every export is grouped by topic, from the folder of src/ that defines it, so the sidebar
//    reads "Rules core", "Player views"… rather than one flat list;
// 2. the "Playground" navigation link (typedoc.json) points at the playground that `npm run docs`
//    builds beside the site, from every page however deep;
// 3. in the README and the guides, a code name such as `createGame` links to its API page,
//    while the Markdown itself stays plain (it is also read on the registry and in node_modules).
import { Comment, CommentTag, Converter, MarkdownEvent, PageEvent, ReflectionKind, RendererEvent } from 'typedoc';

/** Folder of src/ → the group its exports appear under, in this order. */
const GROUPS = [
  // files that sit lower than their topic (the floors, .dependency-cruiser.cjs) keep their group
  ['core/game-record.', 'Records and positions'],
  ['i18n/describe-move.', 'Notation'],
  ['i18n/render-position.', 'Notation'],
  ['core', 'Rules core'],
  ['views', 'Player views'],
  // selections, hints and steps for game UIs (issue 21)
  ['ui', 'Game UI'],
  ['records', 'Records and positions'],
  // the setup layer: positions, fromPosition/toPosition and the position text
  ['setup', 'Records and positions'],
  ['notation', 'Notation'],
  ['i18n', 'Languages'],
  ['history', 'History'],
  ['bots', 'Bots'],
  // the search fast path (Playout) is for bot authors
  ['search', 'Bots'],
];

/** The exports: the children of the module `dnup` (or of the project, without a module). */
function exportsOf(project) {
  return (project.children ?? []).flatMap((c) => (c.kindOf(ReflectionKind.Module) ? (c.children ?? []) : [c]));
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const child of exportsOf(project)) {
      const file = project.getSymbolIdFromReflection(child)?.fileName ?? '';
      const group = GROUPS.find(([dir]) => file.includes(`/src/${dir}${dir.endsWith('.') ? '' : '/'}`))?.[1];
      if (!group) continue;
      child.comment ??= new Comment();
      if (child.comment.blockTags.some((t) => t.tag === '@group')) continue;
      child.comment.blockTags.push(new CommentTag('@group', [{ kind: 'text', text: group }]));
    }
  });

  /** @type {Map<string, import('typedoc').Reflection>} */
  let byName = new Map();
  app.renderer.on(RendererEvent.BEGIN, (event) => {
    byName = new Map();
    for (const child of exportsOf(event.project)) {
      if (child.kindOf(ReflectionKind.Document)) continue;
      byName.set(child.name, child);
    }
  });

  app.renderer.on(MarkdownEvent.PARSE, (event) => {
    const page = event.page.model;
    // only the README (project page) and the guides: doc comments link with {@link}
    if (!(page.isProject?.() || page.isDocument?.())) return;
    const router = app.renderer.router;
    event.parsedText = event.parsedText
      .split(/(<pre[\s\S]*?<\/pre>|<a\b[\s\S]*?<\/a>)/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : part.replace(/<code>([A-Za-z_$][\w$]*)(\(\))?<\/code>/g, (whole, name) => {
              const target = byName.get(name);
              return target && router.hasUrl(target)
                ? `<a href="${router.relativeUrl(page, target)}">${whole}</a>`
                : whole;
            }),
      )
      .join('');
  });

  app.renderer.on(PageEvent.END, (page) => {
    const up = '../'.repeat(page.url.split('/').length - 1);
    if (up && page.contents)
      page.contents = page.contents.replaceAll('href="playground/index.html"', `href="${up}playground/index.html"`);
  });
}
