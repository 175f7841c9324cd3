#!/usr/bin/env node
/**
 * The commit message rule (.githooks/commit-msg runs this on every commit; `npm ci` installs the
 * hook): a subject of 72 characters or less saying what changed, then a blank line, then the
 * detail in the body. `git log --oneline` and every review tool show the subject alone, cut
 * beyond ~72 characters; the body is where the why goes.
 *
 *   git commit -m "Subject of 72 characters or less" -m "Why, and what else a reader needs."
 *
 * Plain JavaScript: the hook runs it with whatever `node` the committer's shell has.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SUBJECT_MAX = 72;

/**
 * The message as git will record it: git's own cleanup of an edited message (everything below
 * the scissors line and `#` comment lines dropped, trailing spaces and leading or trailing blank
 * lines removed), so the editor's template is not taken for the subject.
 */
export function cleanMessage(text) {
  const lines = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^# -+ >8 -+$/.test(line)) break;
    if (line.startsWith('#')) continue;
    lines.push(line.trimEnd());
  }
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** What is wrong with a commit message, one sentence each; empty when it follows the rule. */
export function commitMessageProblems(text) {
  const lines = cleanMessage(text);
  const subject = lines[0]?.trim() ?? '';
  if (subject === '') return ['The commit message has no subject: say in one line what changed.'];
  const problems = [];
  // Characters as a reader counts them (code points: a Bangla letter is one, not two).
  const length = [...lines[0]].length;
  if (length > SUBJECT_MAX)
    problems.push(
      `The subject is ${length} characters; keep it to ${SUBJECT_MAX} or less and put the detail in the body.`,
    );
  if (lines.length > 1 && lines[1] !== '')
    problems.push('Leave a blank line between the subject and the body (git commit -m "subject" -m "body").');
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/commit-msg.mjs <commit message file>');
    process.exit(2);
  }
  const text = readFileSync(file, 'utf8');
  const problems = commitMessageProblems(text);
  if (problems.length > 0) {
    console.error(`Commit refused (scripts/commit-msg.mjs):\n  ${cleanMessage(text)[0] ?? ''}`);
    for (const problem of problems) console.error(`- ${problem}`);
    console.error(`Your message is kept in ${file}.`);
    process.exit(1);
  }
}
