/** The repository's root folder, which every build step resolves its paths against. */
export const root = new URL('../..', import.meta.url).pathname
