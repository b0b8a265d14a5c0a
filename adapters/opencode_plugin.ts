/**
 * The OpenCode plugin's source, from its template beside this module, with
 * the ctx-mode command filled in. Read through `fetch`, so it works from a
 * clone, from JSR and from the compiled binary (which embeds the template).
 *
 * @module
 */

/** The template, relative to this module. */
export const OPENCODE_PLUGIN_TEMPLATE = "./plugins/opencode_plugin.js";

/**
 * The plugin file for a ctx-mode command.
 *
 * @param command The command as argv (`["ctx-mode"]`, or `deno run …`).
 * @returns The plugin's JavaScript source.
 */
export async function openCodePlugin(
  command: readonly string[],
): Promise<string> {
  const response = await fetch(
    new URL(OPENCODE_PLUGIN_TEMPLATE, import.meta.url),
  );
  if (!response.ok) {
    throw new Error(
      `Cannot read the OpenCode plugin template: ${response.status} ${response.statusText}`,
    );
  }
  const template = await response.text();
  return template.replace("__CTX_MODE_COMMAND__", JSON.stringify(command));
}
