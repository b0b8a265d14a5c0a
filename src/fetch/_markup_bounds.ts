/**
 * A cheap, linear pre-scan of HTML that bounds what the HTML parser and the
 * Markdown converter will face: nesting deeper than the limit is flattened
 * (the extra start and end tags are dropped, their text kept, as browsers do
 * past their own depth limit), formatting elements (`b`, `i`, `a`…) that
 * something else closes are dropped (the parser would reopen each in every
 * later block), as are those nested past a few, and a page with more
 * elements than the limit is refused.
 *
 * The scan follows the HTML tree builder only roughly: raw-text elements
 * (`script`, `style`, `textarea`, `title`…) and comments are skipped whole,
 * void elements add no depth, an element whose end tag is optional (`p`,
 * `li`, `td`…) is closed by its next sibling, and an end tag closes up to its
 * match. It never parses attributes beyond finding the end of a tag, and
 * never throws.
 *
 * @module
 */

/** The limits of {@linkcode boundMarkup}. */
export interface MarkupLimits {
  /** The deepest nesting kept; deeper tags are dropped. */
  maxDepth: number;
  /** The most elements a page may have. */
  maxElements: number;
  /** The most formatting elements (`b`, `i`, `a`…) left open at once. */
  maxOpenFormatting: number;
}

/** The default limits: deep enough for any real page, shallow enough for the converter's stack. */
export const MARKUP_LIMITS: MarkupLimits = {
  maxDepth: 400,
  maxElements: 250_000,
  maxOpenFormatting: 4,
};

/** What the scan found. */
export type BoundedMarkup =
  | {
    ok: true;
    /** The markup, with the tags past the limits removed. */
    html: string;
    /** How many start tags were removed (their end tags too). */
    dropped: number;
    /** How many elements the page has. */
    elements: number;
  }
  | {
    ok: false;
    /** Why the page is refused, in one line. */
    reason: string;
  };

const TAG =
  /<(\/?)([a-zA-Z][^\s/>]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;
const RAW_TEXT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "plaintext",
]);
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  "param",
  "keygen",
  // Always present once, whatever the markup says.
  "html",
  "head",
  "body",
]);
/** Elements that stop the search for an open `li`, `dt` or `dd` to close (HTML's "special" ones but `address`, `div` and `p`). */
const LIST_ITEM_BOUNDS = [
  "ul",
  "ol",
  "menu",
  "dl",
  "blockquote",
  "section",
  "article",
  "aside",
  "nav",
  "main",
  "header",
  "footer",
  "figure",
  "fieldset",
  "form",
  "details",
  "table",
  "td",
  "th",
  "caption",
  "pre",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "button",
  "select",
  "object",
  "applet",
  "marquee",
  "template",
  "center",
];
/**
 * Elements whose end tag is optional: opening one closes an open one of the
 * listed kinds, unless one of the bounding elements comes first.
 */
const IMPLIED_END: Record<string, { closes: string[]; within: string[] }> = {
  li: { closes: ["li"], within: LIST_ITEM_BOUNDS },
  dt: { closes: ["dt", "dd"], within: LIST_ITEM_BOUNDS },
  dd: { closes: ["dt", "dd"], within: LIST_ITEM_BOUNDS },
  tr: { closes: ["tr", "td", "th"], within: ["table"] },
  td: { closes: ["td", "th"], within: ["tr", "table"] },
  th: { closes: ["td", "th"], within: ["tr", "table"] },
  thead: {
    closes: ["thead", "tbody", "tfoot", "tr", "td", "th"],
    within: ["table"],
  },
  tbody: {
    closes: ["thead", "tbody", "tfoot", "tr", "td", "th"],
    within: ["table"],
  },
  tfoot: {
    closes: ["thead", "tbody", "tfoot", "tr", "td", "th"],
    within: ["table"],
  },
  option: { closes: ["option"], within: ["select", "datalist", "optgroup"] },
  optgroup: { closes: ["option", "optgroup"], within: ["select"] },
  rp: { closes: ["rp", "rt"], within: ["ruby"] },
  rt: { closes: ["rp", "rt"], within: ["ruby"] },
};
/** Open elements an end tag does not close through (HTML's scope boundaries). */
const SCOPE_BOUNDS = new Set([
  "table",
  "td",
  "th",
  "caption",
  "template",
  "applet",
  "marquee",
  "object",
  "button",
  "select",
]);
/** Start tags that close an open `p` (block-level content). */
const CLOSES_P = new Set([
  "p",
  "div",
  "ul",
  "ol",
  "dl",
  "table",
  "pre",
  "blockquote",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "nav",
  "main",
  "form",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "address",
  "details",
  "fieldset",
]);
const FORMATTING = new Set([
  "a",
  "b",
  "big",
  "code",
  "em",
  "font",
  "i",
  "nobr",
  "s",
  "small",
  "strike",
  "strong",
  "tt",
  "u",
]);

/**
 * Bounds a page's markup before it is parsed.
 *
 * @param html The page.
 * @param limits The depth, element and formatting limits.
 * @returns The markup to parse, or why the page is refused.
 *
 * @example Nesting past the limit is flattened, its text kept
 * ```ts
 * import assert from "node:assert/strict";
 * import { boundMarkup } from "./_markup_bounds.ts";
 *
 * const bounded = boundMarkup("<div><div><div>deep</div></div></div>", {
 *   maxDepth: 2,
 *   maxElements: 100,
 *   maxOpenFormatting: 4,
 * });
 * assert.deepEqual(bounded, { ok: true, html: "<div><div>deep</div></div>", dropped: 1, elements: 3 });
 * ```
 */
export function boundMarkup(html: string, limits: MarkupLimits): BoundedMarkup {
  const stack: OpenTag[] = [];
  // Removed start tags whose end tags are still to come: those flattened
  // close before anything open, those closed implicitly after it.
  const flattened = new Map<string, number>();
  const unclosed = new Map<string, number>();
  let formatting = 0;
  let elements = 0;
  let dropped = 0;
  const removed: Array<[number, number]> = [];
  const remove = (tag: OpenTag, pending: Map<string, number>) => {
    pending.set(tag.name, (pending.get(tag.name) ?? 0) + 1);
    removed.push([tag.start, tag.end]);
    dropped++;
  };
  const takePending = (tag: OpenTag, pending: Map<string, number>) => {
    const count = pending.get(tag.name) ?? 0;
    if (count === 0) return false;
    pending.set(tag.name, count - 1);
    removed.push([tag.start, tag.end]);
    return true;
  };
  // Formatting elements closed by something else would be reopened by the
  // parser in every later block: they are removed instead.
  const truncate = (at: number): void => {
    if (at < 0) return;
    for (const open of stack.splice(at)) {
      if (!FORMATTING.has(open.name)) continue;
      formatting--;
      remove(open, unclosed);
    }
  };
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [whole, slash, rawName, attributes] = match;
    if (rawName === undefined) continue;
    const tag = {
      name: rawName.toLowerCase(),
      start: match.index,
      end: match.index + whole.length,
    };
    if (slash) {
      if (takePending(tag, flattened)) continue;
      const at = openIndex(stack, tag.name);
      if (at !== -1) {
        if (FORMATTING.has(tag.name)) formatting--;
        stack.splice(at, 1);
        truncate(at);
      } else {
        takePending(tag, unclosed);
      }
      continue;
    }
    elements++;
    if (elements > limits.maxElements) {
      return {
        ok: false,
        reason: `the page has more than ${limits.maxElements} elements`,
      };
    }
    if (RAW_TEXT.has(tag.name)) {
      // The raw-text names are plain letters: safe in a pattern.
      const close = new RegExp(`</${tag.name}`, "gi");
      close.lastIndex = tag.end;
      TAG.lastIndex = close.exec(html)?.index ?? html.length;
      continue;
    }
    const selfClosing = attributes?.trimEnd().endsWith("/") ?? false;
    if (VOID.has(tag.name) || selfClosing) continue;
    truncate(impliedClose(stack, tag.name));
    const isFormatting = FORMATTING.has(tag.name);
    if (
      stack.length >= limits.maxDepth ||
      isFormatting && formatting >= limits.maxOpenFormatting
    ) {
      remove(tag, flattened);
      continue;
    }
    if (isFormatting) formatting++;
    stack.push(tag);
  }
  if (removed.length === 0) return { ok: true, html, dropped: 0, elements };
  return { ok: true, html: without(html, removed), dropped, elements };
}

/** An open element: its name and where its start tag is. */
interface OpenTag {
  name: string;
  start: number;
  end: number;
}

/** The text without the given ranges (in any order, never overlapping). */
function without(text: string, ranges: Array<[number, number]>): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const kept: string[] = [];
  let from = 0;
  for (const [start, end] of ranges) {
    kept.push(text.slice(from, start));
    from = end;
  }
  kept.push(text.slice(from));
  return kept.join("");
}

/**
 * Where opening `name` closes the stack implicitly (an open `li` before the
 * next `li`, a `p` before a block), or -1.
 */
function impliedClose(stack: readonly OpenTag[], name: string): number {
  const rule = IMPLIED_END[name];
  if (!rule) {
    return CLOSES_P.has(name) && stack.at(-1)?.name === "p"
      ? stack.length - 1
      : -1;
  }
  // The outermost closable element below the boundary: a new row closes the open row and its cell.
  let closeAt = -1;
  for (let at = stack.length - 1; at >= 0; at--) {
    const open = stack[at]!.name;
    if (rule.within.includes(open)) break;
    if (rule.closes.includes(open)) closeAt = at;
  }
  return closeAt;
}

/** Where the open `name` an end tag closes is, or -1 when a scope boundary comes first (the end tag is ignored then). */
function openIndex(stack: readonly OpenTag[], name: string): number {
  for (let at = stack.length - 1; at >= 0; at--) {
    const open = stack[at]!.name;
    if (open === name) return at;
    if (SCOPE_BOUNDS.has(open)) return -1;
  }
  return -1;
}
