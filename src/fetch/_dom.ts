/**
 * Typed doors to the two untyped npm packages behind HTML conversion:
 * `@mixmark-io/domino` (an HTML5 parser and DOM in plain JavaScript) and
 * `turndown` (DOM to Markdown).
 *
 * Neither ships types Deno can use (domino declares an ambient module, and
 * `@types/turndown` needs the browser DOM lib), so this module declares the
 * small part of the DOM the conversion touches, and nothing else imports the
 * packages. It must stay free of policy: what to drop and how to render live
 * in `html_to_markdown.ts`.
 *
 * @module
 */

import domino from "@mixmark-io/domino";
import Turndown from "turndown";

/** The part of a DOM node the conversion reads. */
export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly textContent: string | null;
  readonly parentNode: DomNode | null;
  readonly childNodes: ArrayLike<DomNode>;
}

/** The part of a DOM element the conversion reads or changes. */
export interface DomElement extends DomNode {
  readonly tagName: string;
  readonly parentElement: DomElement | null;
  readonly firstElementChild: DomElement | null;
  readonly nextElementSibling: DomElement | null;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  remove(): void;
}

/** The part of a parsed document the conversion reads. */
export interface DomDocument {
  readonly title: string;
  readonly body: DomElement | null;
  readonly documentElement: DomElement;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

/** A Turndown rule over our DOM types. */
export interface TurndownRule {
  filter: string | string[] | ((node: DomElement) => boolean);
  replacement: (content: string, node: DomElement) => string;
}

/** The part of a Turndown service the conversion uses. */
export interface TurndownService {
  addRule(key: string, rule: TurndownRule): TurndownService;
  remove(filter: string[]): TurndownService;
  escape: (text: string) => string;
  turndown(node: DomElement): string;
}

/** Turndown's options that the conversion sets. */
export interface TurndownOptions {
  headingStyle: "atx";
  codeBlockStyle: "fenced";
  bulletListMarker: "-";
  hr: string;
  br: string;
  emDelimiter: "_" | "*";
  strongDelimiter: "**";
}

/**
 * Parses an HTML document the way a browser would (HTML5 tree building).
 *
 * @param html Any text; broken markup is repaired, never rejected.
 * @returns The document.
 */
export function parseHtml(html: string): DomDocument {
  return domino.createDocument(html, true) as DomDocument;
}

/**
 * A new Turndown service.
 *
 * @param options The Markdown flavour.
 * @returns The service, ready for rules.
 */
export function createTurndown(options: TurndownOptions): TurndownService {
  return new Turndown(options) as TurndownService;
}
