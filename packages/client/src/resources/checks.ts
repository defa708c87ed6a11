/** `GET /v1/checks`: the project's checks, cursor-paginated, and each check's agreement with people's labels. */
import { iterateItems, iteratePages } from '../pagination.js';
import type { Requester, RequestOptions } from '../request.js';
import type { CheckAgreement, CheckAgreementParams, CheckListParams, CheckSummary, Page } from '../types.js';

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

  /**
   * Accuracy, Cohen's kappa and the confusion matrix of the check's results against your team's labels in the
   * key's environment (optionally between `since` and `until`), and whether it meets the bar to alert.
   */
  async agreement(
    key: string,
    params: CheckAgreementParams = {},
    options: RequestOptions = {},
  ): Promise<CheckAgreement> {
    const result = await this.requester.send<CheckAgreement>('GET', '/v1/checks/{key}/agreement', {
      ...options,
      pathParams: { key },
      query: params as Record<string, string | undefined>,
    });
    return result.body;
  }
}
