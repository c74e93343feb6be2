// Invitation calls (docs/users.md "Inviting an existing account"; the contract's INVITATIONS_API): the agency admin
// invites, lists and withdraws in the agency in context; the invited person lists and answers their own.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function invitationsRoutes(app: FastifyInstance) {
  const { invitations } = app.services;
  registerApi(app, API.invitationCreate, (c) =>
    invitations.invite({ userId: c.user().id, agencyId: c.agencyId! }, c.body.request),
  );
  registerApi(app, API.invitationList, (c) => invitations.list(c.agencyId!, c.query));
  registerApi(app, API.invitationWithdraw, (c) => invitations.withdraw(c.agencyId!, c.params.id));
  registerApi(app, API.myInvitations, (c) => invitations.mine(c.user().id));
  registerApi(app, API.invitationAccept, (c) => invitations.accept(c.user().id, c.params.id));
  registerApi(app, API.invitationRefuse, (c) => invitations.refuse(c.user().id, c.params.id));
}
