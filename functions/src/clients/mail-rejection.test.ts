import { describe, expect, it } from 'vitest';
import { permanentRejection } from './mail-rejection';

const sesError = (name: string, message = 'x') => Object.assign(new Error(message), { name, code: 'ESES' });
const smtpError = (responseCode: number) =>
  Object.assign(new Error(`${responseCode} refused`), { code: 'EMESSAGE', responseCode });

describe('permanent mail rejections', () => {
  it('are the refusals of this message: SES MessageRejected and bad parameters, SMTP 5xx', () => {
    expect(permanentRejection(sesError('MessageRejected', 'Email address is not verified'))).toBe(
      'MessageRejected: Email address is not verified',
    );
    expect(permanentRejection(sesError('BadRequestException'))).toMatch(/^BadRequestException/);
    expect(permanentRejection(sesError('InvalidParameterValue'))).toMatch(/^InvalidParameterValue/);
    expect(permanentRejection(smtpError(550))).toBe('SMTP 550: 550 refused');
    expect(permanentRejection(smtpError(554))).toMatch(/^SMTP 554/);
  });

  it("are not the account's state, throttling, temporary SMTP answers or network errors", () => {
    for (const name of [
      'SendingPausedException',
      'AccountSuspendedException',
      'MailFromDomainNotVerifiedException',
      'NotFoundException',
      'TooManyRequestsException',
      'LimitExceededException',
      'InternalFailure',
    ])
      expect(permanentRejection(sesError(name)), name).toBeUndefined();
    expect(permanentRejection(smtpError(451))).toBeUndefined();
    expect(permanentRejection(smtpError(421))).toBeUndefined();
    expect(
      permanentRejection(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })),
    ).toBeUndefined();
    expect(permanentRejection(undefined)).toBeUndefined();
    expect(permanentRejection('MessageRejected')).toBeUndefined();
  });
});
