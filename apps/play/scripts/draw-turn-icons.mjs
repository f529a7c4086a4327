// Draws the tab's two icons (src/board/turn-icons.ts) as PNG from their SVG, in Chromium, and
// prints the module. Run from the repository: `node apps/play/scripts/draw-turn-icons.mjs >
// apps/play/src/board/turn-icons.ts` (CHROME_PATH or /usr/bin/chromium; `npx biome format --write` after).
import { chromium } from 'playwright-core';

/** A card, with an orange mark while it is your turn. */
const svg = (mark) =>
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">' +
  '<rect x="5" y="3" width="19" height="26" rx="3" fill="#fff" stroke="#333" stroke-width="2"/>' +
  (mark ? '<circle cx="24" cy="8" r="7" fill="#e8590c"/>' : '') +
  '</svg>';

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  const draw = async (source) =>
    page.evaluate(async (text) => {
      const img = new Image();
      img.src = `data:image/svg+xml,${encodeURIComponent(text)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 32;
      canvas.getContext('2d').drawImage(img, 0, 0, 32, 32);
      return canvas.toDataURL('image/png');
    }, source);
  const [plain, marked] = [await draw(svg(false)), await draw(svg(true))];
  console.log(`/**
 * The tab's icons, 32×32 PNG drawn by apps/play/scripts/draw-turn-icons.mjs from this SVG:
 * ${svg(true).replace('<circle', '\n * <circle')}
 * (the circle only while it is your turn). Not SVG: the browser fetches a page's icon through the
 * page, and an SVG icon is drawn there as a document of its own (parsed, styled, laid out and
 * painted on the page's main thread at every change of icon); a PNG is only decoded.
 */

/** A card. */
export const ICON = '${plain}';

/** A card with an orange mark: your turn. */
export const YOUR_TURN_ICON = '${marked}';`);
} finally {
  await browser.close();
}
