import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { optional, region, required } from '../config';
import { oneLine } from '../text';
import { bounded, clientSettings } from './budget';

/**
 * Amazon SES, the only module that speaks its SDK: e-mails from the configured identity
 * (SES_FROM_ADDRESS; the stack grants ses:SendEmail on it to rows with `access.email`).
 * Locally SES_ENDPOINT points at aws-ses-v2-local, whose store the tests read.
 *
 * A throttled or failing SES throws the SDK's error as it is: lib/aws/errors.ts reads a
 * throttle (`Throttling`) or a 5xx as a dependency that is down, which answers 503 with
 * Retry-After. The caller decides what a failed send undoes.
 */
const fromAddress = /* @__PURE__ */ required('SES_FROM_ADDRESS');
const endpoint = /* @__PURE__ */ optional('SES_ENDPOINT');

let client: SESClient | undefined;
const sesClient = (): SESClient => {
  client ??= bounded(new SESClient({ region: region(), endpoint: endpoint(), ...clientSettings(3_000) }));
  return client;
};

/** One e-mail to one recipient, with an HTML part and a plain-text part. */
export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Sends it (SendEmail); returns SES's message id. The Subject, a header, goes out as one line
 * (lib/text.ts `oneLine`: no line break, control or bidirectional character) whoever built it.
 */
export async function sendEmail(email: Email): Promise<string | undefined> {
  const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
  const { MessageId } = await sesClient().send(
    new SendEmailCommand({
      Source: fromAddress(),
      Destination: { ToAddresses: [email.to] },
      Message: {
        Subject: utf8(oneLine(email.subject)),
        Body: { Html: utf8(email.html), Text: utf8(email.text) },
      },
    }),
  );
  return MessageId;
}
