import { Heading, type HeadingLevel, Stack, Text } from '@portal/ui';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Token } from './markdown.ts';

/**
 * Draws a help article's tokens (markdown.ts) with the portal's own components — headings and text of @portal/ui,
 * router links for the portal's own addresses — instead of setting markdown-it's HTML: nothing in an article becomes
 * markup the article did not ask for. The articles use headings (level 2 and 3), paragraphs, lists, bold, emphasis,
 * code and links; anything else is refused (articles.test.ts renders every article).
 */

interface Node {
  token: Token;
  children: Node[];
}

/** The flat token stream as a tree: each opening token holds what comes before its closing token. */
function treeOf(tokens: readonly Token[]): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  for (const token of tokens) {
    const siblings = stack.at(-1) ?? root;
    if (token.nesting === 1) {
      const node: Node = { token, children: [] };
      siblings.push(node);
      stack.push(node.children);
    } else if (token.nesting === -1) {
      stack.pop();
    } else {
      siblings.push({ token, children: token.children ? treeOf(token.children) : [] });
    }
  }
  return root;
}

/** What an article may contain; anything else throws, so a new construct gets a deliberate rendering first. */
export class UnsupportedMarkdown extends Error {}

function isPortalAddress(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function renderInline(nodes: readonly Node[]): ReactNode[] {
  return nodes.map((node, index) => {
    const { token } = node;
    const key = `${index}`;
    switch (token.type) {
      case 'text':
        return <Fragment key={key}>{token.content}</Fragment>;
      case 'softbreak':
        return <Fragment key={key}> </Fragment>;
      case 'hardbreak':
        return <br key={key} />;
      case 'code_inline':
        return <code key={key}>{token.content}</code>;
      case 'strong_open':
        return <strong key={key}>{renderInline(node.children)}</strong>;
      case 'em_open':
        return <em key={key}>{renderInline(node.children)}</em>;
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '');
        const children = renderInline(node.children);
        if (isPortalAddress(href)) {
          return (
            <Link key={key} to={href}>
              {children}
            </Link>
          );
        }
        if (href.startsWith('#')) {
          return (
            <a key={key} href={href}>
              {children}
            </a>
          );
        }
        return (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        );
      }
      default:
        throw new UnsupportedMarkdown(`inline '${token.type}' is not used in help articles`);
    }
  });
}

/** Lists keep their bullets and numbers; only the browser's outer margin goes, the stack spaces the blocks. */
const LIST_STYLE = { margin: 0 } as const;

function renderBlock(node: Node, key: string): ReactNode {
  const { token, children } = node;
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{renderInline(children)}</Fragment>;
    case 'paragraph_open':
      // A tight list's items hold their text without a paragraph of its own.
      return token.hidden ? (
        <Fragment key={key}>{children.map((child, i) => renderBlock(child, `${key}.${i}`))}</Fragment>
      ) : (
        <Text key={key}>{children.map((child, i) => renderBlock(child, `${key}.${i}`))}</Text>
      );
    case 'bullet_list_open':
    case 'ordered_list_open': {
      const List = token.type === 'bullet_list_open' ? 'ul' : 'ol';
      return (
        <List key={key} style={LIST_STYLE}>
          {children.map((child, i) => renderBlock(child, `${key}.${i}`))}
        </List>
      );
    }
    case 'list_item_open':
      return <li key={key}>{children.map((child, i) => renderBlock(child, `${key}.${i}`))}</li>;
    default:
      throw new UnsupportedMarkdown(`block '${token.type}' is not used in help articles`);
  }
}

interface Section {
  heading: Node | null;
  inline: Node | null;
  blocks: Node[];
  subsections: Section[];
}

/** Groups the blocks under their headings: level-2 sections holding level-3 subsections. */
function sectionsOf(nodes: readonly Node[]): Section[] {
  const top: Section = { heading: null, inline: null, blocks: [], subsections: [] };
  let section = top;
  let subsection: Section | null = null;
  for (const node of nodes) {
    if (node.token.type === 'heading_open') {
      const level = Number(node.token.tag.slice(1));
      const next: Section = { heading: node, inline: node.children[0] ?? null, blocks: [], subsections: [] };
      if (level === 2) {
        top.subsections.push(next);
        section = next;
        subsection = null;
      } else if (level === 3) {
        section.subsections.push(next);
        subsection = next;
      } else {
        throw new UnsupportedMarkdown(
          `heading level ${level}: articles use levels 2 and 3 (the page has the h1)`,
        );
      }
      continue;
    }
    (subsection ?? section).blocks.push(node);
  }
  return [top];
}

function renderSection(section: Section, key: string): ReactNode {
  const body = [
    ...section.blocks.map((block, i) => renderBlock(block, `${key}.b${i}`)),
    ...section.subsections.map((sub, i) => renderSection(sub, `${key}.s${i}`)),
  ];
  if (!section.heading) return <Fragment key={key}>{body}</Fragment>;
  const id = String(section.heading.token.attrGet('id') ?? '') || undefined;
  const level = Number(section.heading.token.tag.slice(1)) as HeadingLevel;
  return (
    <Stack key={key} as="section" aria-labelledby={id} gap="small">
      {/* tabIndex -1: a link to the section moves the focus there (SupportPage). */}
      <Heading level={level} id={id} tabIndex={-1}>
        {section.inline ? renderInline(section.inline.children) : null}
      </Heading>
      {body}
    </Stack>
  );
}

/** One help article, drawn from its tokens. */
export function MarkdownArticle({ tokens }: { tokens: readonly Token[] }) {
  const [top] = sectionsOf(treeOf(tokens));
  if (!top) return null;
  return (
    <Stack gap="large">
      {top.blocks.map((block, i) => renderBlock(block, `intro${i}`))}
      {top.subsections.map((section, i) => renderSection(section, `s${i}`))}
    </Stack>
  );
}
