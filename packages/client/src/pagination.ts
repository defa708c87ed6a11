/**
 * Cursor pagination as the specification's Limits section describes it: `limit` and `cursor` in, `data` and
 * `next_cursor` out, stop when `next_cursor` is null. Pages are fetched one at a time, as they are consumed,
 * so breaking out of a `for await` loop fetches nothing more.
 */
import { UnexpectedResponseError } from './errors.js';
import type { Page, PageParams } from './types.js';

export type PageFetcher<T, P extends PageParams> = (params: P) => Promise<Page<T>>;

/** Every page, from the one `params.cursor` names (or the first) to the last. */
export async function* iteratePages<T, P extends PageParams>(
  fetchPage: PageFetcher<T, P>,
  params: P,
): AsyncGenerator<Page<T>> {
  const seen = new Set<string>();
  let cursor = params.cursor;
  for (;;) {
    const page = await fetchPage({ ...params, ...(cursor !== undefined ? { cursor } : {}) });
    yield page;
    if (page.next_cursor === null || page.next_cursor === undefined) return;
    // A service that hands back a cursor it gave before would loop forever; stop loudly instead.
    if (seen.has(page.next_cursor))
      throw new UnexpectedResponseError('the list returned a cursor it had returned before');
    seen.add(page.next_cursor);
    cursor = page.next_cursor;
  }
}

/** Every item of every page, in order. */
export async function* iterateItems<T, P extends PageParams>(
  fetchPage: PageFetcher<T, P>,
  params: P,
): AsyncGenerator<T> {
  for await (const page of iteratePages(fetchPage, params)) yield* page.data;
}
