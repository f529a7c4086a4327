/** Move notation, sentences and position text (issue #3). */
export {};
