/** `/v1/webhook_endpoints`: where the service sends events, their secrets and their delivery log. */
import { iterateItems, iteratePages } from '../pagination.js';
import type { Requester, RequestOptions } from '../request.js';
import type {
  Page,
  PageParams,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookMessage,
  WebhookMessageQueued,
} from '../types.js';

const ONE = '/v1/webhook_endpoints/{id}';
const MESSAGE = '/v1/webhook_endpoints/{id}/messages/{message_id}';

export class WebhookEndpoints {
  constructor(private readonly requester: Requester) {}

  /** A new endpoint; the answer holds its signing `secret`, shown only here (and when rotated). */
  async create(endpoint: WebhookEndpointCreate, options: RequestOptions = {}): Promise<WebhookEndpointWithSecret> {
    return (
      await this.requester.send<WebhookEndpointWithSecret>('POST', '/v1/webhook_endpoints', {
        ...options,
        body: endpoint,
      })
    ).body;
  }

  async list(params: PageParams = {}, options: RequestOptions = {}): Promise<Page<WebhookEndpoint>> {
    const query = params as Record<string, string | number | undefined>;
    return (await this.requester.send<Page<WebhookEndpoint>>('GET', '/v1/webhook_endpoints', { ...options, query }))
      .body;
  }

  listAll(params: PageParams = {}, options: RequestOptions = {}): AsyncGenerator<WebhookEndpoint> {
    return iterateItems((page) => this.list(page, options), params);
  }

  listPages(params: PageParams = {}, options: RequestOptions = {}): AsyncGenerator<Page<WebhookEndpoint>> {
    return iteratePages((page) => this.list(page, options), params);
  }

  async get(id: string, options: RequestOptions = {}): Promise<WebhookEndpoint> {
    return (await this.requester.send<WebhookEndpoint>('GET', ONE, { ...options, pathParams: { id } })).body;
  }

  async update(id: string, changes: WebhookEndpointUpdate, options: RequestOptions = {}): Promise<WebhookEndpoint> {
    return (await this.requester.send<WebhookEndpoint>('PATCH', ONE, { ...options, pathParams: { id }, body: changes }))
      .body;
  }

  async delete(id: string, options: RequestOptions = {}): Promise<void> {
    await this.requester.send<undefined>('DELETE', ONE, { ...options, pathParams: { id } });
  }

  /** A new secret (in the answer); the old one keeps signing beside it for 24 hours. */
  async rotateSecret(id: string, options: RequestOptions = {}): Promise<WebhookEndpointWithSecret> {
    const path = `${ONE}/rotate_secret`;
    return (
      await this.requester.send<WebhookEndpointWithSecret>('POST', path, { ...options, pathParams: { id }, body: {} })
    ).body;
  }

  /** Queues a `ping` event to the endpoint. */
  async sendTest(id: string, options: RequestOptions = {}): Promise<WebhookMessageQueued> {
    const path = `${ONE}/test`;
    return (await this.requester.send<WebhookMessageQueued>('POST', path, { ...options, pathParams: { id }, body: {} }))
      .body;
  }

  /** The latest messages sent (or being sent) to the endpoint. */
  async messages(id: string, options: RequestOptions = {}): Promise<WebhookMessage[]> {
    const path = `${ONE}/messages`;
    return (await this.requester.send<{ data: WebhookMessage[] }>('GET', path, { ...options, pathParams: { id } })).body
      .data;
  }

  /** One message with every attempt to deliver it. */
  async message(id: string, messageId: string, options: RequestOptions = {}): Promise<WebhookMessage> {
    const pathParams = { id, message_id: messageId };
    return (await this.requester.send<WebhookMessage>('GET', MESSAGE, { ...options, pathParams })).body;
  }

  /** Sends a message again now, with the same delivery id and body. */
  async redeliver(id: string, messageId: string, options: RequestOptions = {}): Promise<WebhookMessage> {
    const pathParams = { id, message_id: messageId };
    return (
      await this.requester.send<WebhookMessage>('POST', `${MESSAGE}/redeliver`, { ...options, pathParams, body: {} })
    ).body;
  }
}
