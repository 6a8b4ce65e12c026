import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { sendEmail } from '../../../lib/aws/ses';

const ses = mockClient(SESClient);
afterEach(() => ses.reset());

describe('sendEmail', () => {
  it('sends the Subject as one line, whoever built it', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await sendEmail({
      to: 'a@example.com',
      subject: 'Hello\r\nBcc: b@example.com\u202E',
      html: '<p>x</p>',
      text: 'x\ny',
    });
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Message?.Subject?.Data).toBe('Hello Bcc: b@example.com');
    // The bodies are not headers: their line breaks stay.
    expect(input.Message?.Body?.Text?.Data).toBe('x\ny');
  });
});
