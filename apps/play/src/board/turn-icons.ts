/**
 * The tab's icons, 32×32 PNG drawn by apps/play/scripts/draw-turn-icons.mjs from this SVG:
 * <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect x="5" y="3" width="19" height="26" rx="3" fill="#fff" stroke="#333" stroke-width="2"/>
 * <circle cx="24" cy="8" r="7" fill="#e8590c"/></svg>
 * (the circle only while it is your turn). Not SVG: the browser fetches a page's icon through the
 * page, and an SVG icon is drawn there as a document of its own (parsed, styled, laid out and
 * painted on the page's main thread at every change of icon); a PNG is only decoded.
 */

/** A card. */
export const ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAABUklEQVR4AeyWPU6EUBSFH7AAknEF0GhJgGpiR+dobAhbgC0YWxPXwBaoLCZaUU5s+CutCCvQiT3BcwkmJu/B5JEYLd7kfXNv4J7L4VTo7I9//9OA4zi3rusePM87gmEFx0m/OxUwlwCE14ZhPGmatoXYBGuOOen3eJmrpQWcAQzfARYEAcuyjBVFIQ3pSE97dF2/pzoHZwDOz2k4SRJm2za10pAujuNRh30XYzPzxxnA3BlglmVRWQ2ZmMSbqQqLyIBw8LcuKgMqAZWASkAloBJQCagEVAKiBN7p86ttWyqr+aEf980t4gwMw/BGw2masq7rqJWGHk56En7vo14EZwBDj4Dlec7CMGS+70sTRdGopz0w8EB1Ds5AVVV7iG7AK0SfQPpA+wHRoe/7XV3XL+hnD2eAJskE2JZlaQJNFmg30Fw2TfNM+5YQGlgSyN47Nf8FAAD//0fS4zkAAAAGSURBVAMAf7q6QVIGl1YAAAAASUVORK5CYII=';

/** A card with an orange mark: your turn. */
export const YOUR_TURN_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAACeklEQVR4AeyV3WtSYRzHv4/uLR2oWw0XwVCIXfSCqEGMuslY9B5h1ggi6GL+BdEIikXRRfeR0HVtQrBBLCq8KBhBvt4EQSHetLYu0mIv1uZ5+v0EQz06zxkH6sKH8+E8L9/vz+/5oUcT/vEwPED+HOxfx3onFy9ZXy6OWZfK0Jz3+Kz+eRsG8Hg8Z71e77zP5ysQUivjh4flQoctL4BbEGIUEANlaM57v3qsH75dtBxH1VAFoA8+ZTabZ4QQI6SzEZour2UZk7u+oL+z1FwvxE7FZJqrDqEKQO4JAoFAANFoFIlEoiXxN69xb+8G2zShCPH4xwX0sVgVgJ58mA/C4TDcbjdPW7L29gmUwlJL3V8BdWKtw3qF16oAtNlPwOVy8U0T65/ea9LViCQO8rpRAN7Xxe/PcV16FkthYACsF7mmLuhX0cMGQzrQMbSfa+lCAhnQMCRA5xYCCAnjAmw7eg3CovmVARoFidIjusOQDph3DME2/pDraUNRrg5OFXMsNiQAF+o+cAaO689gsjt52RgpF0yKcsI5vTpbERgWgAt2eUax/UEc1vM30LXvCAobpjKQ8hV96e50F1f2DEyvvmBtBUMDcFFhtaM3eBOOiVlczu4u45xaOTb4dPm2YwYF1A3DA9TVb7lsB2h3oN2Bdgf+yw5859dXNpvl25ap8pfrNSuk6oCU8iOLI5EIcrkcT3XDH85+Nlbq8bwRqgAkuk8gFoshGAzC7/frJhQKlf1chwLc5XszVAFSqdRzMp0m3pHpJ6H7Im+eTPOlUulkOp2u+ful/ZpLFYBPOQQxkkwmbYTQC3n7yHMok8nMcb3NaBhgM4Pes1b6PwAAAP//tjfV4AAAAAZJREFUAwCLDwtQD/mVVgAAAABJRU5ErkJggg==';
