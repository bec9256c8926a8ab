/**
 * A release's HTML as the parser reads it: parsed by parse5 (the WHATWG algorithm browsers use, so
 * malformed markup is repaired the way a browser would), then walked once into a flat list of blocks in
 * document order: lines of text (a paragraph, a heading, a list item, a line ended by <br>) and data
 * tables (rows of cells with their spans). No regular expression ever sees the HTML.
 *
 * Only text is taken: scripts, styles, templates, embedded documents, form controls and elements marked
 * `hidden` are skipped with everything inside them; attributes (event handlers, styles, links) are never
 * read, except a cell's colspan and rowspan. Footnote references (<sup>) are dropped from table cells, so
 * "Distribution Rate<sup>2,4</sup>" reads "Distribution Rate" and "16<sup>th</sup>" reads "16".
 *
 * Work is linear in the document and bounded (docs/declarations.md "The caps"): the walks are iterative
 * (deep nesting cannot overflow the stack), a table holding another table is a layout table (its cells
 * are read as lines, the inner tables as tables), and cells, lines, spans and rows kept are capped.
 */
import { parse, type DefaultTreeAdapterTypes as P } from 'parse5';
import { cleanText } from './release-values.ts';

export interface Cell {
  text: string;
  colspan: number;
  rowspan: number;
}

export interface TableBlock {
  kind: 'table';
  rows: Cell[][];
  /** Rows beyond `rows` that were not kept (the row cap). */
  rowsDropped: number;
}

export interface LineBlock {
  kind: 'line';
  text: string;
}

export type Block = TableBlock | LineBlock;

export interface ReleaseDocument {
  /** The page's <title>, when it has one. */
  title: string;
  blocks: Block[];
}

export interface DocumentLimits {
  /** Rows kept per table; the rest are counted in `rowsDropped`. */
  rowsPerTable: number;
}

/** Characters kept of one cell, one line; cells kept per row; the largest colspan/rowspan honoured. */
const CELL_CHARS = 1_000;
const LINE_CHARS = 4_000;
const CELLS_PER_ROW = 64;
const MAX_SPAN = 32;

/** Elements whose content is not text a reader sees. */
const SKIPPED = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'svg', 'math', 'iframe', 'object', 'embed',
  'canvas', 'audio', 'video', 'select', 'textarea', 'button', 'nav', 'frameset', 'frame', 'noframes',
]);

/** Elements that end a line of text before and after them. */
const BLOCKS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'section', 'article',
  'header', 'footer', 'main', 'aside', 'blockquote', 'pre', 'figure', 'figcaption', 'address', 'hr', 'table',
  'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'form', 'fieldset', 'center', 'details', 'summary',
]);

type Node = P.ChildNode | P.Document;

function isElement(node: Node): node is P.Element {
  return 'tagName' in node;
}

function isSkipped(el: P.Element): boolean {
  return SKIPPED.has(el.tagName) || el.attrs.some((a) => a.name === 'hidden');
}

function children(node: Node): readonly P.ChildNode[] {
  return 'childNodes' in node ? node.childNodes : [];
}

function spanOf(el: P.Element, name: string): number {
  const raw = el.attrs.find((a) => a.name === name)?.value ?? '1';
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_SPAN) : 1;
}

/** Text of a subtree, iteratively; `<br>` and block elements become spaces; `<sup>` dropped when asked. */
function textOf(root: P.Element, dropSup: boolean, limit: number): string {
  const parts: string[] = [];
  let length = 0;
  const stack: P.ChildNode[] = [...children(root)].reverse();
  while (stack.length > 0 && length < limit) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') {
      const text = (node as P.TextNode).value;
      parts.push(text);
      length += text.length;
      continue;
    }
    if (!isElement(node) || isSkipped(node) || (dropSup && node.tagName === 'sup')) continue;
    if (node.tagName === 'br' || BLOCKS.has(node.tagName)) parts.push(' ');
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return cleanText(parts.join('').slice(0, limit));
}

/** Tables holding another table (layout tables), found in one pass. */
function layoutTables(root: P.Element): Set<P.Element> {
  const layout = new Set<P.Element>();
  const open: P.Element[] = [];
  const stack: (P.ChildNode | { leave: P.Element })[] = [...children(root)].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('leave' in item) {
      open.pop();
      continue;
    }
    if (!isElement(item) || isSkipped(item)) continue;
    if (item.tagName === 'table') {
      const parent = open[open.length - 1];
      if (parent) layout.add(parent);
      open.push(item);
      stack.push({ leave: item });
    }
    const kids = children(item);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return layout;
}

/** The rows of a data table (a table with no table inside): its own <tr>, under thead/tbody/tfoot or not. */
function readTable(table: P.Element, limits: DocumentLimits, caption: (text: string) => void): TableBlock {
  const rows: Cell[][] = [];
  let rowsDropped = 0;
  const readRow = (tr: P.Element) => {
    if (rows.length >= limits.rowsPerTable) {
      rowsDropped++;
      return;
    }
    const cells: Cell[] = [];
    for (const cell of children(tr)) {
      if (!isElement(cell) || (cell.tagName !== 'td' && cell.tagName !== 'th') || isSkipped(cell)) continue;
      if (cells.length >= CELLS_PER_ROW) break;
      cells.push({ text: textOf(cell, true, CELL_CHARS), colspan: spanOf(cell, 'colspan'), rowspan: spanOf(cell, 'rowspan') });
    }
    rows.push(cells);
  };
  for (const child of children(table)) {
    if (!isElement(child) || isSkipped(child)) continue;
    if (child.tagName === 'tr') readRow(child);
    else if (child.tagName === 'caption') caption(textOf(child, false, LINE_CHARS));
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      for (const tr of children(child)) if (isElement(tr) && tr.tagName === 'tr' && !isSkipped(tr)) readRow(tr);
    }
  }
  return { kind: 'table', rows, rowsDropped };
}

function findChild(node: Node, tag: string): P.Element | undefined {
  return children(node).find((c): c is P.Element => isElement(c) && c.tagName === tag);
}

/** Parses the release and walks it into lines and data tables, in document order. */
export function readDocument(html: string, limits: DocumentLimits): ReleaseDocument {
  const document = parse(html);
  const htmlEl = findChild(document, 'html');
  const head = htmlEl && findChild(htmlEl, 'head');
  const titleEl = head && findChild(head, 'title');
  const title = titleEl ? textOf(titleEl, false, LINE_CHARS) : '';
  const body = htmlEl && findChild(htmlEl, 'body');
  const blocks: Block[] = [];
  if (!body) return { title, blocks };

  const layout = layoutTables(body);
  let line: string[] = [];
  let lineLength = 0;
  const flush = () => {
    if (line.length === 0) return;
    const text = cleanText(line.join(''));
    line = [];
    lineLength = 0;
    if (text !== '') blocks.push({ kind: 'line', text });
  };
  const stack: (P.ChildNode | { end: true })[] = [...children(body)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('end' in node) {
      flush();
      continue;
    }
    if (node.nodeName === '#text') {
      const text = (node as P.TextNode).value;
      if (lineLength < LINE_CHARS) {
        line.push(text.slice(0, LINE_CHARS - lineLength));
        lineLength += text.length;
      }
      continue;
    }
    if (!isElement(node) || isSkipped(node)) continue;
    if (node.tagName === 'br') {
      flush();
      continue;
    }
    if (node.tagName === 'table' && !layout.has(node)) {
      flush();
      const table = readTable(node, limits, (text) => {
        if (text !== '') blocks.push({ kind: 'line', text });
      });
      blocks.push(table);
      continue;
    }
    if (BLOCKS.has(node.tagName)) {
      flush();
      stack.push({ end: true });
    }
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  flush();
  return { title, blocks };
}
