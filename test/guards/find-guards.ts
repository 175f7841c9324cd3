import ts from 'typescript';

/**
 * The guards of the money code, found in the source and not in a hand-kept list, so a new
 * condition is mutated the day it is written:
 * - every `ConditionExpression` (of a Put, Update, Delete or a transaction's ConditionCheck);
 * - every string given as `also` (the extra condition of an order's status change) or `open`
 *   (a stock shard's 'not being deleted', added to its counter's condition);
 * - every statement marked `// money-guard: <why>` (the few checks made in code, not in DynamoDB).
 *
 * A DynamoDB condition is weakened, not deleted: deleting it would leave its placeholders unused,
 * which DynamoDB refuses with a ValidationException that every test would notice. `(C) OR NOT (C)`
 * is always true (a comparison with a missing attribute is false, its negation true) and keeps
 * every placeholder in use, so the write goes through exactly as if the guard were not there.
 */
export interface Mutant {
  /** Stable id: file:line:what. */
  id: string;
  file: string;
  line: number;
  /** The guard as written, and what the mutant does to it. */
  guard: string;
  change: string;
  /** The whole file's text with this one guard weakened. */
  mutated: string;
  /** The guard that makes this one redundant (a `guard-covered-by:` marker), with its test. */
  coveredBy?: string;
}

const CONDITION_NAMES = new Set(['ConditionExpression', 'also', 'open']);

/** `((c) OR NOT (c))`: true whatever the item holds; parenthesised, as NOT binds before AND before OR. */
const alwaysTrue = (c: string) => `((${c}) OR NOT (${c}))`;

/** Split on top-level ` AND ` (not inside parentheses); one part when there is none. */
export function conjuncts(condition: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < condition.length; i++) {
    const ch = condition[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && condition.startsWith(' AND ', i)) {
      parts.push(condition.slice(start, i));
      start = i + 5;
      i += 4;
    }
  }
  parts.push(condition.slice(start));
  return parts;
}

const balanced = (s: string) => {
  let depth = 0;
  for (const ch of s) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
};

interface Edit {
  start: number;
  end: number;
  text: string;
}

const apply = (source: string, edit: Edit) =>
  source.slice(0, edit.start) + edit.text + source.slice(edit.end);

/** The mutants of one source file (empty when it has no guard). */
export function findGuards(file: string, source: string): Mutant[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const mutants: Mutant[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  /**
   * `// guard-covered-by: "<conjunct>" by <guard> (<test file>)` in the comment lines up to six lines
   * above the guard: a survivor of that conjunct is accepted as redundant. Without a quoted
   * conjunct the marker covers every mutant of the guard.
   */
  const coveredByAt = (pos: number, what: string): string | undefined => {
    const lines = source.slice(0, pos).split('\n');
    for (const line of lines.slice(-7, -1)) {
      const m = /\/\/\s*guard-covered-by:\s*(?:"([^"]+)"\s+by\s+)?(.+)$/.exec(line);
      if (m && (!m[1] || m[1] === what)) return m[2]!.trim();
    }
    return undefined;
  };
  const add = (node: ts.Node, what: string, guard: string, change: string, edit: Edit) => {
    const line = lineOf(node.getStart(sf));
    mutants.push({
      id: `${file}:${line}:${what}`,
      file,
      line,
      guard,
      change,
      mutated: apply(source, edit),
      coveredBy: coveredByAt(node.getStart(sf), what),
    });
  };

  /** Weaken each top-level conjunct of one literal in turn, and (when several) the literal whole. */
  const literalMutants = (lit: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral) => {
    const text = lit.text;
    // A piece of a condition joined at run time: ' AND x' or 'x AND '.
    const lead = text.startsWith(' AND ') ? ' AND ' : '';
    const tail = text.endsWith(' AND ') ? ' AND ' : '';
    const body = text.slice(lead.length, text.length - tail.length);
    const parts = conjuncts(body);
    if (!parts.every(balanced)) return;
    const replace = (next: string): Edit => ({
      start: lit.getStart(sf),
      end: lit.getEnd(),
      text: JSON.stringify(lead + next + tail),
    });
    parts.forEach((part, i) => {
      const next = parts.map((p, j) => (j === i ? alwaysTrue(p) : p)).join(' AND ');
      add(lit, part.trim(), body, `${part.trim()} → always true`, replace(next));
    });
  };

  const conditionMutants = (init: ts.Expression, name: string) => {
    const literals: Array<ts.StringLiteral | ts.NoSubstitutionTemplateLiteral> = [];
    const collect = (n: ts.Node) => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literals.push(n);
      n.forEachChild(collect);
    };
    collect(init);
    const plainLiteral = ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init);
    // A condition built at run time (a template, a choice): weaken what it comes to, whole; not an
    // `open` fragment (' AND x', joined to another condition), whose conjunct is weakened below.
    if ((!plainLiteral || conjuncts(init.text).length > 1) && name !== 'open') {
      const whole = init.getText(sf);
      add(init, 'whole', whole, 'the whole condition → always true', {
        start: init.getStart(sf),
        end: init.getEnd(),
        text: `((c: string | undefined) => (c ? \`(\${c}) OR NOT (\${c})\` : c))(${whole})`,
      });
    }
    // Template pieces between substitutions that are conditions of their own.
    if (ts.isTemplateExpression(init)) {
      const head = init.head.text;
      const parts = conjuncts(head.replace(/ AND $/, ''));
      if (head && parts.length > 1 && parts.every(balanced)) {
        const rawStart = init.head.getStart(sf) + 1; // after the backtick
        const rawEnd = rawStart + head.length;
        parts.forEach((part, i) => {
          const next = parts.map((p, j) => (j === i ? alwaysTrue(p) : p)).join(' AND ');
          add(init.head, part.trim(), head, `${part.trim()} → always true`, {
            start: rawStart,
            end: rawEnd,
            text: next + (head.endsWith(' AND ') ? ' AND ' : ''),
          });
        });
      }
    }
    literals.filter((l) => /[=<>(]|attribute_|begins_with|size|\bIN\b/.test(l.text)).forEach(literalMutants);
  };

  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
      node.initializer &&
      CONDITION_NAMES.has(node.name.getText(sf))
    ) {
      conditionMutants(node.initializer, node.name.getText(sf));
    }
    if (ts.isStatement(node) && !ts.isBlock(node)) {
      const comments = ts.getLeadingCommentRanges(source, node.getFullStart()) ?? [];
      const mark = comments
        .map((c) => /money-guard:\s*(.+)/.exec(source.slice(c.pos, c.end)))
        .find((m) => m)?.[1];
      if (mark) {
        add(node, 'statement', node.getText(sf).split('\n')[0]!, `removed (${mark.trim()})`, {
          start: node.getStart(sf),
          end: node.getEnd(),
          text: ';',
        });
      }
    }
    node.forEachChild(visit);
  };
  visit(sf);
  // One mutant per distinct change (the same literal can be reached twice).
  return [...new Map(mutants.map((m) => [m.mutated, m])).values()];
}
