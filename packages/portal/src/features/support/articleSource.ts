import type { HelpAudience } from '@portal/domain';

/**
 * One Markdown file per help topic holds the article of every audience (spec §2: administrators, everybody else,
 * KMZ users for /products): what all read is written once, and what only some read sits in a block
 *
 * ```
 * ::: administratoren
 * Only administrators read this.
 * :::
 * ```
 *
 * whose opening line names one or more audiences (`::: mitglieder kmz`). Blocks do not nest.
 */
const BLOCK_START = /^:::\s+([a-z][a-z ]*)$/;
const BLOCK_END = /^:::\s*$/;

export const AUDIENCES: readonly HelpAudience[] = ['mitglieder', 'administratoren', 'kmz'];

function isAudience(word: string): word is HelpAudience {
  return (AUDIENCES as readonly string[]).includes(word);
}

/** The article of one audience: every line outside blocks, and the blocks written for that audience. */
export function articleFor(source: string, audience: HelpAudience): string {
  const kept: string[] = [];
  let block: readonly string[] | null = null;
  source.split(/\r?\n/).forEach((line, index) => {
    const start = BLOCK_START.exec(line.trim());
    if (start) {
      if (block) throw new Error(`line ${index + 1}: a block inside a block`);
      const audiences = (start[1] ?? '').trim().split(/\s+/);
      const unknown = audiences.find((word) => !isAudience(word));
      if (unknown)
        throw new Error(`line ${index + 1}: '${unknown}' is no audience (${AUDIENCES.join(', ')})`);
      block = audiences;
      return;
    }
    if (BLOCK_END.test(line.trim())) {
      if (!block) throw new Error(`line ${index + 1}: ':::' closes no block`);
      block = null;
      return;
    }
    if (!block || block.includes(audience)) kept.push(line);
  });
  if (block) throw new Error('a block is not closed');
  return kept.join('\n');
}
