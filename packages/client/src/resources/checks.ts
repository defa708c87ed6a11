/** `GET /v1/checks`: the project's checks, cursor-paginated. */
import { iterateItems, iteratePages } from '../pagination.js';
import type { Requester, RequestOptions } from '../request.js';
import type { CheckListParams, CheckSummary, Page } from '../types.js';

export class Checks {
  constructor(private readonly requester: Requester) {}

  async list(params: CheckListParams = {}, options: RequestOptions = {}): Promise<Page<CheckSummary>> {
    const result = await this.requester.send<Page<CheckSummary>>('GET', '/v1/checks', {
      ...options,
      query: params as Record<string, string | number | undefined>,
    });
    return result.body;
  }

  listAll(params: CheckListParams = {}, options: RequestOptions = {}): AsyncGenerator<CheckSummary> {
    return iterateItems((page) => this.list(page, options), params);
  }

  listPages(params: CheckListParams = {}, options: RequestOptions = {}): AsyncGenerator<Page<CheckSummary>> {
    return iteratePages((page) => this.list(page, options), params);
  }
}
