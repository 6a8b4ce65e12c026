import { contentSecurityPolicy, esc, htmlHeaders, page } from './html';
import { CSS } from './style';

/**
 * The one script of the pages: the button POSTs `{invitationId}` as JSON to the accept route
 * (POST /accept-invitation, the same address) and says what it answered. Allowed by its hash in
 * the page's CSP; it may connect to the page's own origin only.
 */
const SCRIPT =
  "const b=document.getElementById('accept'),o=document.getElementById('outcome');b.hidden=false;" +
  "b.addEventListener('click',async()=>{b.disabled=true;o.textContent='Accepting…';" +
  "try{const r=await fetch(location.pathname,{method:'POST',headers:{'content-type':'application/json'}," +
  'body:JSON.stringify({invitationId:b.dataset.invitation})});const j=await r.json();' +
  "o.textContent=r.ok?j.message:'Not accepted: '+(j.error||r.status);if(!r.ok)b.disabled=false}" +
  "catch{o.textContent='The service could not be reached. Please try again.';b.disabled=false}});";

/** What the page says of an invitation. */
export type InvitationState =
  | { state: 'pending'; id: string; email: string; company?: string; area?: string; expiresAt: string }
  | { state: 'accepted' | 'expired' | 'unknown' };

const day = (iso: string) => `<time datetime="${esc(iso)}">${esc(iso.slice(0, 10))}</time>`;

const SETTLED = {
  unknown: {
    title: 'Invitation not found',
    body: '<p>There is no invitation at this address: it was withdrawn, expired long ago, or the link is incomplete. Ask the company for a new one.</p>',
  },
  accepted: {
    title: 'Invitation accepted',
    body: '<p>This invitation was accepted already: sign in with its wallet.</p>',
  },
  expired: { title: 'Invitation expired', body: '<p>This invitation has expired. Ask the company for a new one.</p>' },
};

function bodyOf(invitation: InvitationState): { title: string; body: string } {
  if (invitation.state !== 'pending') return SETTLED[invitation.state];
  const { id, email, company, area, expiresAt } = invitation;
  return {
    title: company ? `Join ${company}` : 'Join your company',
    body:
      `<p>You were invited as <strong>${esc(email)}</strong>${area ? ` (${esc(area)})` : ''} to become a member of ` +
      `${company ? `<strong>${esc(company)}</strong>` : 'a company'} on the Digital Product Passport service. ` +
      'Accepting creates your membership with the wallet named in ' +
      `the invitation; you then sign in with it. The invitation is valid until ${day(expiresAt)}.</p>` +
      `<p><button type="button" id="accept" data-invitation="${esc(id)}" hidden>Accept the invitation</button></p>` +
      '<p id="outcome" role="status" aria-live="polite"></p>' +
      '<noscript><p>Accepting takes one request that this page sends with JavaScript, which is turned off. ' +
      'Turn it on and reload this page, or accept in the application with the invitation id ' +
      `<code>${esc(id)}</code>.</p></noscript>`,
  };
}

/**
 * The invitation page: where the link of an invitation e-mail lands. Opening it accepts nothing
 * (a mail scanner or a link preview may open it too): the invitee presses the button, whose
 * script calls the accept route. With JavaScript off, the page says so (the accept route takes
 * JSON only: docs/choices.md, Passport page). English only.
 */
export function renderInvitationPage(invitation: InvitationState): { html: string; headers: Record<string, string> } {
  const { title, body } = bodyOf(invitation);
  const pending = invitation.state === 'pending';
  const main = `<main class="single"><p class="kicker">Digital product passport service</p><h1>${esc(title)}</h1>${body}</main>`;
  return {
    html: page({ lang: 'en', title, css: CSS, body: main, ...(pending && { script: SCRIPT }) }),
    headers: {
      ...htmlHeaders(contentSecurityPolicy({ css: CSS, ...(pending && { script: SCRIPT }) })),
      'content-language': 'en',
      // The id is a secret: neither a shared cache nor the browser's keeps the page.
      'cache-control': 'no-store',
    },
  };
}
