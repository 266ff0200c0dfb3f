import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from '../contract.ts';

/** operationIds whose request body is multipart/form-data only (file uploads). */
export function multipartOperationIds(specification: OpenApiDocument): Set<string> {
  const ids = new Set<string>();
  for (const item of Object.values(specification.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const op = operation as { operationId?: string; requestBody?: { content?: Record<string, unknown> } };
      const types = Object.keys(op?.requestBody?.content ?? {});
      if (op?.operationId && types.length > 0 && types.every((t) => t === 'multipart/form-data')) {
        ids.add(op.operationId);
      }
    }
  }
  return ids;
}

/**
 * Multipart bodies are streamed by their handlers, which check the fields themselves (services/files.ts); the
 * contract's schema documents the form and must not be applied to the unparsed body. Register before the routes.
 */
export function skipMultipartBodyValidation(app: FastifyInstance, specification: OpenApiDocument): void {
  const ids = multipartOperationIds(specification);
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    if (operationId && ids.has(operationId) && route.schema) {
      const { body: _body, ...rest } = route.schema;
      route.schema = rest;
    }
  });
}
