/**
 * Rolldown's `output.codeSplitting.groups`: fewer files on every first load.
 *
 * Rolldown cut each module that the entry shares with lazy pages (the React runtime, Box, Transition, Loader…)
 * into a chunk of its own: the entry came with 12 files of 1-9 KB gzip, all fetched before anything runs. The
 * server speaks HTTP/1.1, so a phone fetches six files at a time, each a round trip on a slow network
 * (Lighthouse's Slow 4G: 150 ms). Everything the entry imports statically (rolldown's `$initial` tag) now goes
 * into the entry's chunk: every page loads all of it anyway, so no page downloads more, and one file
 * compresses better than twelve. The first visit of /login: 149.4 -> 145.2 KB gzip, 30 -> 19 requests in
 * Lighthouse (the dashboard 73 -> 62, the inventory 94 -> 83); /login's LCP 2.5-2.7 -> 2.3-2.4 s.
 *
 * Tried and dropped: grouping the rest by what each entry shares (`entriesAware` with a merge threshold of
 * 4-12 KB) put 50-90 KB of other pages' code into every page; grouping by the static imports of the login
 * page or the layouts follows @mantine/core's barrel file, so it captured components no page of theirs uses;
 * a group of the modules that 8, 14 or 20 pages share (`minShareCount`) put 22-61 KB gzip into the first visit of
 * /login (160-187 KB, over its budget), which shares its form components with the signed-in pages.
 */
export function firstLoadChunks() {
  return [{ name: 'initial', tags: ['$initial' as const] }];
}
