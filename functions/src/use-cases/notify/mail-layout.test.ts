import { describe, expect, it } from 'vitest';
import { renderMail, type MailContent } from './mail-layout';

const content: MailContent = {
  subject: 'subject',
  title: 'title',
  lines: ['line'],
  steps: { title: 'steps', items: ['first', 'second', 'third'] },
};

describe('renderMail steps', () => {
  it('numbers a Bangla mail’s steps in Bangla digits, in the text and the HTML', () => {
    const mail = renderMail('খেলাঘর', [], content, 'bn');
    expect(mail.text).toContain('১. first\n২. second\n৩. third');
    expect(mail.html).toContain('>১. first</li>');
    expect(mail.html).toContain('>৩. third</li>');
    // The numbers are the mail's own: no list marker of the mail client's beside them.
    expect(mail.html).toContain('list-style:none');
    expect(mail.html).toContain('<html lang="bn">');
  });

  it('numbers an English mail’s steps 1, 2, 3', () => {
    const mail = renderMail('Khelaghor', [], content);
    expect(mail.text).toContain('1. first\n2. second\n3. third');
    expect(mail.html).toContain('>2. second</li>');
    expect(mail.html).toContain('<html lang="en">');
  });
});
