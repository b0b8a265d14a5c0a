/**
 * HTML to Markdown for indexing: the page's content, without what surrounds
 * it on every page of a site.
 *
 * - Always dropped: scripts, styles, `noscript`, templates, SVG, frames,
 *   embedded objects and media, images, form controls, `[hidden]` and
 *   `aria-hidden` elements, heading permalinks, and obvious cookie banners.
 * - The root is `<main>` (or `[role=main]`), else a lone `<article>`, else
 *   the body; a candidate with under a quarter of the body's text and under
 *   500 characters is passed over.
 * - Inside it, dropped: `nav`, `footer`, navigation/search/banner/contentinfo
 *   roles, `aside` outside an article, `header` and `form` that hold no h1–h3.
 * - Kept: ATX headings, fenced code blocks (with the language a class or
 *   `data-lang` names), lists, emphasis, tables (GitHub pipes; a table that
 *   holds a table is layout and becomes paragraphs), links as their text only.
 * - The page title becomes the H1 when the content has none.
 * - Markdown escaping is limited to what would change the block structure
 *   (a line starting with `#` or a fence), so `snake_case` stays searchable.
 *
 * Pure and synchronous: about 1–3 s per MB of dense markup, and recursive, so
 * markup nested a few thousand levels deep overflows the stack. Pages from
 * the network go through `convert_html.ts` (a Worker, a deadline, bounded
 * markup) instead. This module never does I/O; it is the only one that loads
 * `turndown` and `domino` (through `_dom.ts`).
 *
 * @module
 */

import {
  createTurndown,
  type DomDocument,
  type DomElement,
  parseHtml,
  type TurndownService,
} from "./_dom.ts";
import { markdownHeadings } from "../store/outline.ts";

/** The Markdown of a page. */
export interface HtmlToMarkdownResult {
  /** The content as Markdown, the title as H1 when it had none; `""` when the page has no text. */
  markdown: string;
  /** The page's `<title>` (or `og:title`), whitespace collapsed; `""` when absent. */
  title: string;
}

const ALWAYS_DROPPED_TAGS = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "SVG",
  "MATH",
  "IFRAME",
  "FRAME",
  "FRAMESET",
  "OBJECT",
  "EMBED",
  "CANVAS",
  "VIDEO",
  "AUDIO",
  "PICTURE",
  "IMG",
  "MAP",
  "BUTTON",
  "INPUT",
  "SELECT",
  "TEXTAREA",
  "DIALOG",
  "LINK",
  "META",
]);
const PERMALINK_CLASS =
  /(?:^|\s)(?:headerlink|anchor|hash-link|heading-anchor|header-anchor|anchor-link)(?:\s|$)/;

/** The text of a heading's self-link: a bare mark pointing at its own fragment. */
const PERMALINK_TEXT = /^\s*(?:#|¶|§|🔗|link)?\s*$/i;
const BOILERPLATE_TAGS = new Set(["NAV", "FOOTER"]);
const BOILERPLATE_ROLES = new Set([
  "navigation",
  "search",
  "banner",
  "contentinfo",
  "complementary",
]);

const COOKIE_BANNER =
  /cookie[-_ ]?(?:banner|consent|notice|bar|popup|modal|law|policy|wall|message|dialog)|cookieconsent|cookiebot|consent[-_ ]?(?:banner|manager|popup|modal|dialog)|gdpr|onetrust|cc[-_](?:banner|window)/i;

const LANGUAGE_CLASS =
  /(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]+)/i;
const NO_LANGUAGE = new Set(["none", "plain", "plaintext", "text", "default"]);
const MIN_ROOT_CHARS = 500;

let service: TurndownService | undefined;

/**
 * Converts an HTML page to Markdown fit for indexing.
 *
 * @param html The page.
 * @returns The Markdown and the page title.
 *
 * @example Keep the article, drop the chrome
 * ```ts
 * import assert from "node:assert/strict";
 * import { htmlToMarkdown } from "./html_to_markdown.ts";
 *
 * const { markdown, title } = htmlToMarkdown(
 *   "<title>Guide</title><nav>Home | Blog</nav><main><p>Run <code>deno task</code>.</p></main>",
 * );
 * assert.equal(title, "Guide");
 * assert.equal(markdown, "# Guide\n\nRun `deno task`.");
 * ```
 */
export function htmlToMarkdown(html: string): HtmlToMarkdownResult {
  const document = parseHtml(html);
  const title = titleOf(document);
  removeAll(collect(document.documentElement, isNeverContent));
  const root = chooseRoot(document);
  if (!root) return { markdown: "", title };
  removeAll(collect(root, isBoilerplate));
  service ??= buildService();
  const markdown = tidy(service.turndown(root));
  if (!markdown) return { markdown: "", title };
  const hasH1 = markdownHeadings(markdown).some((heading) =>
    heading.level === 1
  );
  return {
    markdown: hasH1 || !title ? markdown : `# ${title}\n\n${markdown}`,
    title,
  };
}

function titleOf(document: DomDocument): string {
  const og = document.querySelector('meta[property="og:title"]')
    ?.getAttribute("content");
  return collapse(document.title || og || "");
}

function chooseRoot(document: DomDocument): DomElement | null {
  const body = document.body ?? document.documentElement;
  const articles = document.querySelectorAll("article");
  const candidates = [
    document.querySelector("main"),
    document.querySelector('[role="main"]'),
    articles.length === 1 ? articles[0] ?? null : null,
  ];
  let bodyChars: number | undefined;
  for (const candidate of candidates) {
    if (!candidate) continue;
    const chars = textLength(candidate);
    if (chars >= MIN_ROOT_CHARS) return candidate;
    bodyChars ??= textLength(body);
    if (chars * 4 >= bodyChars) return candidate;
  }
  return body;
}

/**
 * The elements under `root` (itself excluded) that `drop` picks, found in one
 * walk that does not descend into a picked element. One walk with plain tests
 * is several times faster than a selector per rule on domino.
 */
function collect(
  root: DomElement,
  drop: (element: DomElement, inArticle: boolean) => boolean,
): DomElement[] {
  const picked: DomElement[] = [];
  const walk = (parent: DomElement, inArticle: boolean): void => {
    for (
      let element = parent.firstElementChild;
      element;
      element = element.nextElementSibling
    ) {
      if (drop(element, inArticle)) picked.push(element);
      else walk(element, inArticle || element.tagName === "ARTICLE");
    }
  };
  walk(root, root.tagName === "ARTICLE" || root.closest("article") !== null);
  return picked;
}

function isNeverContent(element: DomElement): boolean {
  // Foreign elements (svg, math) keep their lower-case names.
  const tag = element.tagName.toUpperCase();
  if (ALWAYS_DROPPED_TAGS.has(tag)) return true;
  if (element.getAttribute("hidden") !== null) return true;
  if (element.getAttribute("aria-hidden") === "true") return true;
  const className = element.getAttribute("class") ?? "";
  if (tag === "A" && PERMALINK_CLASS.test(className)) return true;
  if (
    tag === "A" && (element.getAttribute("href") ?? "").startsWith("#") &&
    PERMALINK_TEXT.test(element.textContent ?? "") &&
    element.closest("h1, h2, h3, h4, h5, h6") !== null
  ) {
    return true;
  }
  const names = `${element.getAttribute("id") ?? ""} ${className} ${
    element.getAttribute("aria-label") ?? ""
  }`;
  return COOKIE_BANNER.test(names) &&
    !/^(?:HTML|BODY|MAIN)$/.test(tag) &&
    !element.querySelector("main, article");
}

function isBoilerplate(element: DomElement, inArticle: boolean): boolean {
  const tag = element.tagName.toUpperCase();
  if (BOILERPLATE_TAGS.has(tag)) return true;
  if (BOILERPLATE_ROLES.has(element.getAttribute("role") ?? "")) return true;
  // Asides beside an article are sidebars; inside one they are callouts.
  if (tag === "ASIDE") return !inArticle;
  if (tag === "HEADER" || tag === "FORM") {
    return !element.querySelector("h1, h2, h3");
  }
  return false;
}

function removeAll(elements: readonly DomElement[]): void {
  for (const element of elements) element.remove();
}

function buildService(): TurndownService {
  const turndown = createTurndown({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    hr: "---",
    br: "",
    emDelimiter: "_",
    strongDelimiter: "**",
  });
  turndown.escape = (text) =>
    text.replace(/^(\s*)(#{1,6}(?=\s)|`{3,}|~{3,})/gm, "$1\\$2");
  turndown.addRule("linkAsText", {
    filter: "a",
    replacement: (content) => content,
  });
  turndown.addRule("codeBlock", {
    filter: "pre",
    replacement: (_content, node) => fencedBlock(node),
  });
  addTableRules(turndown);
  return turndown;
}

function fencedBlock(pre: DomElement): string {
  const code = (pre.textContent ?? "").replace(/\n$/, "");
  if (!code.trim()) return "";
  const longestRun = Math.max(
    0,
    ...Array.from(code.matchAll(/`+/g), (match) => match[0].length),
  );
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `\n\n${fence}${languageOf(pre)}\n${code}\n${fence}\n\n`;
}

function languageOf(pre: DomElement): string {
  const codeChild = pre.querySelector("code");
  const places = [
    codeChild,
    pre,
    pre.parentElement,
    pre.parentElement?.parentElement,
  ];
  for (const element of places) {
    if (!element) continue;
    const declared = element.getAttribute("data-lang") ??
      element.getAttribute("data-language");
    const match = (element.getAttribute("class") ?? "").match(LANGUAGE_CLASS);
    const language = (declared ?? match?.[1] ?? "").toLowerCase();
    if (language && !NO_LANGUAGE.has(language)) return language;
  }
  return "";
}

function addTableRules(turndown: TurndownService): void {
  // Every cell asks about its table; remembering the answer keeps big tables linear.
  const verdicts = new WeakMap<DomElement, boolean>();
  const inDataTable = (node: DomElement): boolean => {
    const table = node.tagName === "TABLE" ? node : node.closest("table");
    if (table === null) return false;
    let verdict = verdicts.get(table);
    if (verdict === undefined) {
      verdict = !table.querySelector("table") &&
        table.getAttribute("role") !== "presentation";
      verdicts.set(table, verdict);
    }
    return verdict;
  };
  const firstRows = new WeakMap<DomElement, DomElement | null>();
  const firstRow = (table: DomElement | null): DomElement | null => {
    if (table === null) return null;
    if (!firstRows.has(table)) firstRows.set(table, table.querySelector("tr"));
    return firstRows.get(table) ?? null;
  };
  turndown.addRule("tableCell", {
    filter: (node) =>
      (node.nodeName === "TD" || node.nodeName === "TH") && inDataTable(node),
    replacement: (content, node) => {
      const cell = content.replace(/\s*\n+\s*/g, " ").replace(/\|/g, "\\|")
        .trim();
      const span = Math.max(1, Number(node.getAttribute("colspan")) || 1);
      return ` ${cell} |${" |".repeat(span - 1)}`;
    },
  });
  turndown.addRule("tableRow", {
    filter: (node) => node.nodeName === "TR" && inDataTable(node),
    replacement: (content, node) => {
      const isFirst = firstRow(node.closest("table")) === node;
      const columns = (content.match(/(?<!\\)\|/g) ?? []).length;
      const rule = isFirst ? `\n|${" --- |".repeat(columns)}` : "";
      return `\n|${content}${rule}`;
    },
  });
  turndown.addRule("tableSection", {
    filter: (node) =>
      ["THEAD", "TBODY", "TFOOT"].includes(node.nodeName) && inDataTable(node),
    replacement: (content) => content,
  });
  turndown.addRule("tableCaption", {
    filter: (node) => node.nodeName === "CAPTION" && inDataTable(node),
    replacement: () => "",
  });
  turndown.addRule("table", {
    filter: (node) => node.nodeName === "TABLE" && inDataTable(node),
    replacement: (content, node) => {
      const caption = collapse(
        node.querySelector("caption")?.textContent ?? "",
      );
      const rows = content.split("\n").filter((line) => line.trim()).join(
        "\n",
      );
      return `\n\n${caption ? `${caption}\n\n` : ""}${rows}\n\n`;
    },
  });
}

function tidy(markdown: string): string {
  return markdown
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function textLength(element: DomElement): number {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim().length;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
