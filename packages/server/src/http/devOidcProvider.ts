import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessSettings } from '../config.ts';
import {
  DEMO_SOCIAL_ACCOUNT,
  DEV_PROVIDER_PATH,
  expiredInteractionPage,
  interactionPage,
} from '../infra/oidcDevProvider.ts';
import { MESSAGES } from '../messages.ts';
import type { SocialLogin } from '../services/accounts/index.ts';
import { requestOrigin } from './urls.ts';

/**
 * Mounts the built-in development OpenID Connect provider 'Antares (Demo)' under /oidc-dev/ when no OIDC_ISSUER is
 * configured: oidc-provider's own endpoints (discovery, auth, token, jwks, userinfo) plus its sign-in page with the
 * one demo account. Not part of the contract: the browser reaches it only through the provider redirect.
 */
export async function registerDevOidcProvider(
  app: FastifyInstance,
  social: SocialLogin,
  settings: AccessSettings,
): Promise<void> {
  if (!settings.oidcDevProvider) return;
  const origin = (request: FastifyRequest) => new URL(settings.publicUrl ?? requestOrigin(request)).origin;

  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself: nothing may consume the stream before it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.get(`${DEV_PROVIDER_PATH}/interaction/:uid`, async (request, reply) => {
      const dev = await social.devProvider(origin(request));
      reply.hijack();
      try {
        const details = await dev.provider.interactionDetails(request.raw, reply.raw);
        reply.raw.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        reply.raw.end(interactionPage(details.uid));
      } catch {
        reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        reply.raw.end(expiredInteractionPage());
      }
    });

    for (const action of ['login', 'abort'] as const) {
      scope.post(`${DEV_PROVIDER_PATH}/interaction/:uid/${action}`, async (request, reply) => {
        const dev = await social.devProvider(origin(request));
        reply.hijack();
        try {
          const result =
            action === 'login'
              ? { login: { accountId: DEMO_SOCIAL_ACCOUNT.accountId } }
              : { error: 'access_denied', error_description: MESSAGES.devProvider.cancelled };
          await dev.provider.interactionFinished(request.raw, reply.raw, result, {
            mergeWithLastSubmission: false,
          });
        } catch {
          reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          reply.raw.end(expiredInteractionPage());
        }
      });
    }

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const dev = await social.devProvider(origin(request));
      reply.hijack();
      dev.handle(request.raw, reply.raw);
    };
    scope.all(DEV_PROVIDER_PATH, forward);
    scope.all(`${DEV_PROVIDER_PATH}/*`, forward);
  });
}
