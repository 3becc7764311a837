import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the contact form answers to its sender). */
  replyTo?: string;
  attachments?: { filename: string; contentType: string; content: Uint8Array }[];
};

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * `configurationSet` (SES_CONFIGURATION_SET on AWS) turns bounces, complaints and deliveries into
 * CloudWatch metrics with alarms (infra); locally there is none.
 */
export function createSesMailer(client: SESv2Client, from: string, configurationSet?: string): Mailer {
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
          Destination: { ToAddresses: [mail.to] },
          ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: mail.text, Charset: 'UTF-8' },
                ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
              },
              ...(mail.attachments?.length
                ? {
                    Attachments: mail.attachments.map((a) => ({
                      FileName: a.filename,
                      ContentType: a.contentType,
                      RawContent: a.content,
                    })),
                  }
                : {}),
            },
          },
        }),
      );
    },
  };
}
