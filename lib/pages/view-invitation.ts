import * as v from 'valibot';
import { INVITATION_ID, isExpired } from '../invitations/model';
import { readInvitation } from '../invitations/repository';
import { type InvitationState, renderInvitationPage } from './invitation-page';

export const viewInvitationInput = v.object({
  query: v.object({
    invitationId: v.pipe(
      v.string('is missing: open the whole link of the invitation e-mail'),
      v.regex(INVITATION_ID, 'must be an invitation id: 22 characters of A-Z a-z 0-9 - _'),
    ),
  }),
});

/**
 * GET /accept-invitation?invitationId=…: the invitation page (ONE GetItem). A pending invitation
 * shows whom it invites, until when, and the accept button; an accepted or expired one says so
 * (200); an unknown one is 404. Reading it is all: only the button accepts.
 */
export async function viewInvitation(input: v.InferOutput<typeof viewInvitationInput>) {
  const invitation = await readInvitation(input.query.invitationId);
  let state: InvitationState;
  if (!invitation) state = { state: 'unknown' };
  else if (invitation.status === 'ACCEPTED') state = { state: 'accepted' };
  else if (isExpired(invitation, new Date())) state = { state: 'expired' };
  else {
    state = {
      state: 'pending',
      id: invitation.id,
      email: invitation.email,
      ...(invitation.company_name && { company: invitation.company_name }),
      ...(invitation.area && { area: invitation.area }),
      expiresAt: invitation.expires_at,
    };
  }
  return { status: state.state === 'unknown' ? 404 : 200, ...renderInvitationPage(state) };
}
