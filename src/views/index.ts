/** Player views and determinization (issue #6). */
export {};
