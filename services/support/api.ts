import { getSupportRequests, markSupportAnswered, sendSupportRequest, type SupportRequestJson, type SupportSentAnswer } from '../../contracts/support.ts';
import type { SupportRequestDoc } from '../../read-models/support/projection.ts';
import { findSupportRequest, listSupportRequests } from '../../read-models/support/queries.ts';
import { hasPremiumRights } from '../billing/premium.ts';
import { notFound } from '../core/errors.ts';
import { actors } from '../http/context.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { supportMessages } from './business-logic.ts';
import * as commands from './commands.ts';

function supportJson(doc: SupportRequestDoc): SupportRequestJson {
  const { _id, email, name, priority, subject, message, requestedAt, answeredAt } = doc;
  return { id: _id, email, name, priority, subject, message, requestedAt, answeredAt };
}

/** Support (contracts/support.ts): the user's form, the owner's inbox and "Mark answered". */
export const supportApi = apiModule('support', (deps) => {
  const commandDeps = { log: deps.log, attempts: deps.attempts, mailer: deps.mailer, now: () => deps.now() };
  return [
    handle(sendSupportRequest, async ({ body }, call) => {
      const { user } = call.auth;
      const premium = hasPremiumRights(user, deps.now());
      const requester = { userId: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, emailVerified: user.emailVerified === true, premium };
      const { requestId, position } = await commands.requestSupport(commandDeps, requester, body, call.context(actors.user(user._id)));
      await call.waitFor(position);
      const message = `Thank you, we received your request. ${premium ? commands.SUPPORT_PROMISE.priority : commands.SUPPORT_PROMISE.standard}`;
      return { id: requestId, priority: premium, message } satisfies SupportSentAnswer;
    }),

    handle(getSupportRequests, async () => (await listSupportRequests(deps.readModels)).map(supportJson)),

    handle(markSupportAnswered, async ({ params }, call) => {
      const { position } = await commands.markAnswered(deps.log, params.id, call.context());
      await call.waitFor(position);
      const doc = await findSupportRequest(deps.readModels, params.id);
      if (!doc) throw notFound(supportMessages.notFound);
      return supportJson(doc);
    }),
  ];
});
