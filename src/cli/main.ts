/** The `dnup` command line (issue #3). PLACEHOLDER. */
console.log('dnup: not yet');
