/** `GET /v1/labels`: people's labels on results, newest first, by conversation or by check. */
import { iterateItems, iteratePages } from '../pagination.js';
import type { Requester, RequestOptions } from '../request.js';
import type { Label, LabelListParams, Page } from '../types.js';

export class Labels {
  constructor(private readonly requester: Requester) {}

  async list(params: LabelListParams = {}, options: RequestOptions = {}): Promise<Page<Label>> {
    const result = await this.requester.send<Page<Label>>('GET', '/v1/labels', {
      ...options,
      query: params as Record<string, string | number | undefined>,
    });
    return result.body;
  }

  listAll(params: LabelListParams = {}, options: RequestOptions = {}): AsyncGenerator<Label> {
    return iterateItems((page) => this.list(page, options), params);
  }

  listPages(params: LabelListParams = {}, options: RequestOptions = {}): AsyncGenerator<Page<Label>> {
    return iteratePages((page) => this.list(page, options), params);
  }
}
