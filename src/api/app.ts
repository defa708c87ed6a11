/** Builds the HTTP application from its dependencies. It never listens: entry points and tests decide that. */
import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { appApiPlugin } from '../app-api/plugin.js';
import { createKeyUsageRecorder } from '../storage/key-usage.js';
import { registerAppStatic } from './app-static.js';
import { createAuthHook, createKeyConfirmation } from './auth.js';
import type { AppDeps } from './deps.js';
import { ApiError, logRequestFailure, sendError, toApiError } from './errors.js';
import { compileFastCheck } from './fast-check.js';
import { registerJsonBodyParser } from './json-body.js';
import { registerJudgeMetrics } from './judge-metrics.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { openApiInfo } from './openapi-info.js';
import { plannedEndpointError } from './planned.js';
import { RecentlyValidKeys } from './recently-valid-keys.js';
import { registerAgentHealth } from './routes/agent-health.js';
import { registerCheckAgreement } from './routes/check-agreement.js';
import { registerCreateConversation } from './routes/create-conversation.js';
import { registerCreateFeedback } from './routes/create-feedback.js';
import { registerGetConversation } from './routes/get-conversation.js';
import { registerGroupHealth } from './routes/group-health.js';
import { registerListChecks } from './routes/list-checks.js';
import { registerListConversations } from './routes/list-conversations.js';
import { registerListLabels } from './routes/list-labels.js';
import { registerSystemRoutes } from './routes/system.js';
import { registerWebhookEndpointRoutes } from './routes/webhook-endpoints/index.js';
import { conversationRefinementsHold, conversationRequestSchema } from './schemas/conversation.js';
import { createZodValidatorCompiler } from './validation.js';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger || undefined,
    logController: new LogController({ disableRequestLogging: !deps.config.logRequests }),
    bodyLimit: deps.config.bodyLimitBytes,
    genReqId: () => `req_${randomUUID().replaceAll('-', '')}`,
    // Our ids never need decoding tricks; refuse ambiguous routing instead of guessing.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // A URL Fastify cannot even route (bad percent-encoding) still gets our envelope and a request id.
    frameworkErrors: (_error, request, reply) => {
      reply.header('Service-Request-Id', request.id);
      void sendError(request, reply, new ApiError('not_found', 'Nothing exists at this path.'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every conversation goes through this schema; a compiled fast check spares the common valid body zod's walk.
  const fastChecks = new Map([
    [conversationRequestSchema, compileFastCheck(conversationRequestSchema, conversationRefinementsHold)],
  ]);
  app.setValidatorCompiler(createZodValidatorCompiler(fastChecks));
  // Responses are built by our own code from typed values; the schemas document them, JSON.stringify writes them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerJsonBodyParser(app);

  // Hooks that never wait take Fastify's callback form: an async one costs a promise and a turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Service-Request-Id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    deps.metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const recentlyValidKeys = new RecentlyValidKeys();
  const confirmKeyBeforeError = createKeyConfirmation({ tenancy: deps.tenancy, recentlyValidKeys });
  app.setErrorHandler(async (error, request, reply) => {
    const limit = request.routeOptions.bodyLimit ?? deps.config.bodyLimitBytes;
    const apiError = await confirmKeyBeforeError(request, toApiError(error, limit));
    logRequestFailure(request, error, apiError);
    return sendError(request, reply, apiError);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const error =
      plannedEndpointError(request.method, path) ?? new ApiError('not_found', `No route ${request.method} ${path}.`);
    return sendError(request, reply, error);
  });

  await app.register(swagger, {
    openapi: openApiInfo(deps.config.publicUrl),
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/v1/openapi.json' } });

  const registerMethodFallbacks = methodNotAllowed(app);
  // Each key's last use, for the Developers area: written at most once a minute, after the request's own work.
  const keyUsage = createKeyUsageRecorder(deps.store, deps.clock, (error) =>
    deps.logger ? deps.logger.warn({ err: error }, 'could not record a key use') : undefined,
  );
  const authenticate = createAuthHook({ ...deps, recentlyValidKeys, keyUsage });
  await app.register(async (v1) => {
    const api = v1.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', authenticate);
    // A POST without any body never reaches the JSON parser; it is still "not JSON", not a schema mismatch.
    api.addHook('preValidation', (request, _reply, done) => {
      if (request.method === 'POST' && request.body === undefined) {
        return done(new ApiError('invalid_json', 'The request body is empty; send a JSON object.'));
      }
      done();
    });
    registerCreateConversation(api, deps);
    registerListConversations(api, deps);
    registerGetConversation(api, deps);
    registerCreateFeedback(api, deps);
    registerAgentHealth(api, deps);
    registerGroupHealth(api, deps);
    registerListChecks(api, deps);
    registerCheckAgreement(api, deps);
    registerListLabels(api, deps);
    registerWebhookEndpointRoutes(api, deps);
  });
  registerJudgeMetrics(deps.metrics.registry, deps.store);
  registerSystemRoutes(app, deps);
  // The application's JSON: session cookies, never API keys (src/app-api/, docs/app-api.md).
  await app.register(appApiPlugin(deps), { prefix: '/app/api' });
  // The application's page and assets under /app/ (its JSON, /app/api, has routes of its own).
  await registerAppStatic(app);
  await app.register(registerMethodFallbacks);

  return app;
}
