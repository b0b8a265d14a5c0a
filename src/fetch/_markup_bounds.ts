/**
 * A cheap, linear pre-scan of HTML that bounds what the HTML parser and the
 * Markdown converter will face: nesting deeper than the limit is flattened
 * (the extra start and end tags are dropped, their text kept, as browsers do
 * past their own depth limit), unclosed formatting elements past a few are
 * dropped (the parser would copy each into every later paragraph), and a
 * page with more elements than the limit is refused.
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
  const stack: string[] = [];
  const dropped = new Map<string, number>();
  const openFormatting = new Map<string, number>();
  let formatting = 0;
  let droppedCount = 0;
  let elements = 0;
  const kept: string[] = [];
  let copiedTo = 0;
  const drop = (from: number, to: number): void => {
    kept.push(html.slice(copiedTo, from));
    copiedTo = to;
  };
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [whole, slash, rawName, attributes] = match;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    const start = match.index;
    const end = start + whole.length;
    if (slash) {
      const pending = dropped.get(name) ?? 0;
      if (pending > 0) {
        dropped.set(name, pending - 1);
        drop(start, end);
        continue;
      }
      const open = openFormatting.get(name) ?? 0;
      if (open > 0) {
        openFormatting.set(name, open - 1);
        formatting--;
      }
      closeUpTo(stack, name);
      continue;
    }
    elements++;
    if (elements > limits.maxElements) {
      return {
        ok: false,
        reason: `the page has more than ${limits.maxElements} elements`,
      };
    }
    if (RAW_TEXT.has(name)) {
      // The raw-text names are plain letters: safe in a pattern.
      const close = new RegExp(`</${name}`, "gi");
      close.lastIndex = end;
      TAG.lastIndex = close.exec(html)?.index ?? html.length;
      continue;
    }
    const selfClosing = attributes?.trimEnd().endsWith("/") ?? false;
    if (VOID.has(name) || selfClosing) continue;
    closeImplied(stack, name);
    const isFormatting = FORMATTING.has(name);
    if (
      stack.length >= limits.maxDepth ||
      isFormatting && formatting >= limits.maxOpenFormatting
    ) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      droppedCount++;
      drop(start, end);
      continue;
    }
    if (isFormatting) {
      openFormatting.set(name, (openFormatting.get(name) ?? 0) + 1);
      formatting++;
    }
    stack.push(name);
  }
  if (droppedCount === 0) return { ok: true, html, dropped: 0, elements };
  kept.push(html.slice(copiedTo));
  return { ok: true, html: kept.join(""), dropped: droppedCount, elements };
}

/** Pops what opening `name` closes implicitly: an open `li` before the next `li`, a `p` before a block. */
function closeImplied(stack: string[], name: string): void {
  if (CLOSES_P.has(name) && stack.at(-1) === "p") stack.pop();
  const rule = IMPLIED_END[name];
  if (!rule) return;
  // The outermost closable element below the boundary: a new row closes the open row and its cell.
  let closeAt = -1;
  for (let at = stack.length - 1; at >= 0; at--) {
    const open = stack[at]!;
    if (rule.within.includes(open)) break;
    if (rule.closes.includes(open)) closeAt = at;
  }
  if (closeAt !== -1) stack.length = closeAt;
}

/** Pops up to the open `name`, unless a scope boundary comes first (the end tag is ignored then). */
function closeUpTo(stack: string[], name: string): void {
  for (let at = stack.length - 1; at >= 0; at--) {
    const open = stack[at]!;
    if (open === name) {
      stack.length = at;
      return;
    }
    if (SCOPE_BOUNDS.has(open)) return;
  }
}
