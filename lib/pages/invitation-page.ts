import * as v from 'valibot';
import { INVITATION_ID } from '../invitations/model';
import { contentSecurityPolicy, esc, htmlHeaders, page } from './html';
import { CSS } from './style';

export const invitationPageInput = v.object({
  query: v.object({
    invitationId: v.pipe(
      v.string('is missing: open the whole link of the invitation e-mail'),
      v.regex(INVITATION_ID, 'must be an invitation id: 22 characters of A-Z a-z 0-9 - _'),
    ),
  }),
});

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

/**
 * GET /accept-invitation?invitationId=…: where the link of an invitation e-mail lands. Opening it
 * accepts nothing (a mail scanner or a link preview may open it too): the invitee presses the
 * button, whose script calls the accept route. With JavaScript off, the page says so (the accept
 * route takes JSON only: docs/choices.md, Passport page).
 */
export function invitationPage(input: v.InferOutput<typeof invitationPageInput>) {
  const { invitationId } = input.query;
  const body =
    '<main><p class="kicker">Digital product passport service</p><h1>Join your company</h1>' +
    '<p>You were invited to become a member of a company on the Digital Product Passport service. ' +
    'Accepting creates your membership with the wallet named in the invitation; you then sign in with it.</p>' +
    `<p><button type="button" id="accept" data-invitation="${esc(invitationId)}" hidden>Accept the invitation</button></p>` +
    '<p id="outcome" role="status" aria-live="polite"></p>' +
    '<noscript><p>Accepting takes one request that this page sends with JavaScript, which is turned off. ' +
    'Turn it on and reload this page, or accept in the application with the invitation id ' +
    `<code>${esc(invitationId)}</code>.</p></noscript></main>`;
  return {
    html: page({ lang: 'en', title: 'Accept the invitation', css: CSS, body, script: SCRIPT }),
    headers: {
      ...htmlHeaders(contentSecurityPolicy({ css: CSS, script: SCRIPT })),
      'content-language': 'en',
      // The id is a secret: neither a shared cache nor the browser's keeps the page.
      'cache-control': 'no-store',
    },
  };
}
