import { openApiWebhooks } from '../webhooks/events.js';

/** The parts of the OpenAPI document that do not come from the route schemas. */
export function openApiInfo(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Conversation Quality Monitor API',
      version: '1.0.0',
      description:
        'Post finished AI-agent conversations, read their scoring results and record your own pass/fail labels. ' +
        'Every request carries `Authorization: Bearer <key>`; the key decides the project and environment (test or live). ' +
        'Every response carries `Service-Request-Id`, and every error has the body `{error: {type, message, fields?, request_id}}`.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        bearerKey: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'A test key (cqm_test_…) or a live key (cqm_live_…).',
        },
      },
    },
    security: [{ bearerKey: [] }],
    // The events we POST to registered endpoints, generated from the zod schemas of their payloads.
    webhooks: openApiWebhooks(),
  };
}
