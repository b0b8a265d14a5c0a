/**
 * Edits of a YAML file through the `yaml` package's Document API: ctx-mode's
 * entry (`mcp_servers.ctx-mode`) is set or deleted in the parsed document,
 * which keeps comments and the layout of the rest. A file the library cannot
 * write back byte for byte before any change is refused rather than
 * reformatted.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import { isDeepStrictEqual } from "node:util";
import { Document, isMap, parseDocument } from "yaml";
import type { YamlMemberRegistration } from "./types.ts";

/**
 * Writes or removes ctx-mode's entry.
 *
 * @param text The file's text ("" for a new file).
 * @param reg The entry.
 * @param mode `install` or `uninstall`.
 * @returns The new text.
 * @throws {SyntaxError} When the file does not parse, or would be reformatted.
 */
export function editYamlMember(
  text: string,
  reg: YamlMemberRegistration,
  mode: "install" | "uninstall",
): string {
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    throw new SyntaxError(
      `Cannot read "${reg.path}": ${
        error.message.split("\n")[0]?.replace(/ at line \d+.*$/, "")
      } at line ${error.linePos?.[0].line ?? 1}`,
    );
  }
  if (text.trim() !== "" && !isMap(doc.contents)) {
    throw new SyntaxError(
      `Cannot read "${reg.path}": the top level is not a mapping at line 1`,
    );
  }
  if (text.trim() !== "" && doc.toString() !== text) {
    throw new SyntaxError(
      `Cannot edit "${reg.path}" without reformatting it; add ctx-mode's ${
        reg.key.join(".")
      } entry by hand`,
    );
  }
  const current = doc.getIn(reg.key);
  const currentValue =
    current && typeof current === "object" && "toJSON" in current
      ? (current as { toJSON(): unknown }).toJSON()
      : current;
  if (mode === "install") {
    if (isDeepStrictEqual(currentValue, reg.value)) return text;
    if (text.trim() === "") {
      const nested = reg.key.reduceRight<unknown>(
        (value, key) => ({ [key]: value }),
        reg.value,
      );
      return new Document(nested).toString();
    }
    doc.setIn(reg.key, reg.value);
    return doc.toString();
  }
  if (current === undefined) return text;
  doc.deleteIn(reg.key);
  for (let depth = reg.key.length - 1; depth > 0; depth--) {
    const parent = doc.getIn(reg.key.slice(0, depth));
    if (!isMap(parent) || parent.items.length > 0) break;
    doc.deleteIn(reg.key.slice(0, depth));
  }
  return doc.toString();
}
