/** /v1/webhook_endpoints: one file per operation, registered together inside the /v1 plugin. */
import type { AppDeps } from '../../deps.js';
import type { ZodApp } from '../types.js';
import { registerCreateWebhookEndpoint } from './create.js';
import { registerDeleteWebhookEndpoint } from './delete.js';
import { registerGetWebhookEndpoint } from './get.js';
import { registerListWebhookEndpoints } from './list.js';
import { registerWebhookMessages } from './messages.js';
import { registerRotateWebhookSecret } from './rotate-secret.js';
import { registerSendTestWebhook } from './send-test.js';
import { registerUpdateWebhookEndpoint } from './update.js';

export function registerWebhookEndpointRoutes(app: ZodApp, deps: AppDeps): void {
  registerCreateWebhookEndpoint(app, deps);
  registerListWebhookEndpoints(app, deps);
  registerGetWebhookEndpoint(app, deps);
  registerUpdateWebhookEndpoint(app, deps);
  registerDeleteWebhookEndpoint(app, deps);
  registerRotateWebhookSecret(app, deps);
  registerSendTestWebhook(app, deps);
  registerWebhookMessages(app, deps);
}
