import type { ReactNode } from 'react';

type Block = { kind: 'p' | 'h'; text: string } | { kind: 'ul'; items: string[] };

/**
 * The admin's plain text as blocks: blank lines part paragraphs, '- ' lines make a list, '## ' a
 * heading. Drawn as React elements only, so nothing typed can become markup.
 */
function parsePageText(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', text: para.join(' ') });
    para = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'h', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      flush();
      const last = blocks.at(-1);
      if (last?.kind === 'ul') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'ul', items: [line.slice(2).trim()] });
    } else {
      para.push(line);
    }
  }
  flush();
  return blocks;
}

export function PageText({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-[15px] leading-relaxed text-slate-700">
      {parsePageText(text).map((block, i): ReactNode => {
        if (block.kind === 'h') {
          return (
            <h2 key={i} className="pt-2 text-lg font-semibold text-slate-900">
              {block.text}
            </h2>
          );
        }
        if (block.kind === 'ul') {
          return (
            <ul key={i} className="list-disc space-y-1 pl-5">
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}
