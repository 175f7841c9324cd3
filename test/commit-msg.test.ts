import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The commit message rule (scripts/commit-msg.mjs, run by .githooks/commit-msg): run as git runs
 * it, on a file holding the message, and through a real `git commit` in a scratch repository.
 */
const repoRoot = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'commit-msg-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
function check(message: string) {
  const file = join(scratch, `msg-${n++}`);
  writeFileSync(file, message);
  const res = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'commit-msg.mjs'), file], {
    encoding: 'utf8',
  });
  return { status: res.status, stderr: res.stderr };
}

const subject = (length: number) => 'x'.repeat(length);

describe('the commit-msg check', () => {
  it('takes a subject of 72 characters or less, a blank line, then the body', () => {
    expect(check('Wallet: a refund after expiry credits once\n').status).toBe(0);
    // What `git commit -m subject -m body` writes.
    expect(check(`${subject(72)}\n\nWhy it changed.\n\nMore detail.\n`).status).toBe(0);
    // Characters, not UTF-16 units or bytes: 72 Bangla letters are 72.
    expect(check(`${'খ'.repeat(72)}\n`).status).toBe(0);
  });

  it('refuses a subject over 72 characters, saying how long it is', () => {
    const res = check(`${subject(73)}\n\nbody\n`);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('The subject is 73 characters; keep it to 72 or less');
    expect(check(`${'খ'.repeat(73)}\n`).status).toBe(1);
  });

  it('refuses an empty message and one of comments and blank lines only', () => {
    expect(check('').stderr).toContain('has no subject');
    expect(check('\n   \n# Please enter the commit message for your changes.\n').status).toBe(1);
  });

  it('refuses a body glued to the subject', () => {
    const res = check('Orders: retry a lost race\nthe second writer re-reads first\n');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Leave a blank line between the subject and the body');
  });

  it("reads an edited message as git records it: the template's comments and the diff below the scissors dropped", () => {
    const edited = [
      'Stock: codes imported twice are refused',
      '',
      'The import checks each code against the shard it would land in.',
      '# Please enter the commit message for your changes. Lines starting',
      "# with '#' will be ignored.",
      '# ------------------------ >8 ------------------------',
      '# Do not modify or remove the line above.',
      'diff --git a/x b/x',
    ].join('\n');
    expect(check(edited).status).toBe(0);
  });
});

describe('the hook in a real commit', () => {
  const repo = join(scratch, 'repo');
  const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });

  it('lets `git commit -m subject -m body -- path` through and stops a long subject', () => {
    execFileSync('git', ['init', '-q', repo]);
    git('config', 'user.email', 'dev@khelaghor.local');
    git('config', 'user.name', 'Dev');
    git('config', 'core.hooksPath', join(repoRoot, '.githooks'));
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git('add', 'a.txt');

    const good = git('commit', '-q', '-m', 'Add a', '-m', 'Because a was missing.', '--', 'a.txt');
    expect(good.status, good.stderr).toBe(0);
    expect(git('log', '--format=%s%n%n%b', '-1').stdout.trim()).toBe('Add a\n\nBecause a was missing.');

    writeFileSync(join(repo, 'a.txt'), 'b\n');
    const bad = git('commit', '-q', '-m', subject(80), '--', 'a.txt');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('The subject is 80 characters');
    expect(git('rev-list', '--count', 'HEAD').stdout.trim()).toBe('1');
  });
});
