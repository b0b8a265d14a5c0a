/**
 * A Markdown documentation page: the configuration reference of a build
 * tool, one section per option with its type, default, environment variable,
 * explanation and example.
 *
 * @module
 */

import type { Dataset } from "./dataset.ts";
import { createRandom } from "./random.ts";

interface Option {
  key: string;
  type: string;
  value: string;
  about: string;
}

const GROUPS: ReadonlyArray<[string, Option[]]> = [
  ["Project", [
    {
      key: "root",
      type: "string",
      value: '"."',
      about: "The directory the other paths are resolved against.",
    },
    {
      key: "entry",
      type: "string | string[]",
      value: '"src/main.ts"',
      about: "The modules the build starts from.",
    },
    {
      key: "outDir",
      type: "string",
      value: '"dist"',
      about: "Where the build writes its output; emptied before each build.",
    },
    {
      key: "publicDir",
      type: "string | false",
      value: '"public"',
      about: "Static files copied as they are.",
    },
  ]],
  ["Build", [
    {
      key: "build.target",
      type: "string",
      value: '"es2022"',
      about: "The JavaScript version the output must run on.",
    },
    {
      key: "build.minify",
      type: 'boolean | "esbuild" | "terser"',
      value: '"esbuild"',
      about: "Whether and with what the output is minified.",
    },
    {
      key: "build.sourcemap",
      type: 'boolean | "inline" | "hidden"',
      value: "false",
      about: "Whether source maps are written.",
    },
    {
      key: "build.workers",
      type: "number",
      value: "os.availableParallelism()",
      about: "How many files are transformed in parallel.",
    },
    {
      key: "build.chunkSizeWarningLimit",
      type: "number",
      value: "500",
      about: "Chunks larger than this many kB get a warning.",
    },
  ]],
  ["Cache", [
    {
      key: "cache.enabled",
      type: "boolean",
      value: "true",
      about:
        "Whether transformed modules are cached between builds. Disable it to rule out stale output while debugging a plugin.",
    },
    {
      key: "cache.dir",
      type: "string",
      value: '"node_modules/.widget"',
      about:
        "The directory that holds the build cache. Point it at a persistent volume in CI to keep the cache between jobs.",
    },
    {
      key: "cache.maxAge",
      type: "string",
      value: '"7d"',
      about: "Cached entries older than this are rebuilt.",
    },
  ]],
  ["Dev server", [
    {
      key: "server.port",
      type: "number",
      value: "5173",
      about:
        "The port the dev server listens on; the next free one is used when it is taken.",
    },
    {
      key: "server.host",
      type: "string | boolean",
      value: '"localhost"',
      about: "The interface to listen on; `true` listens on all of them.",
    },
    {
      key: "server.open",
      type: "boolean | string",
      value: "false",
      about: "Open the browser on start, optionally at a path.",
    },
    {
      key: "server.proxy",
      type: "Record<string, string | ProxyOptions>",
      value: "{}",
      about: "Forward matching requests to another server.",
    },
    {
      key: "server.hmr",
      type: "boolean | HmrOptions",
      value: "true",
      about: "Hot module replacement over a WebSocket.",
    },
  ]],
  ["Resolve", [
    {
      key: "resolve.alias",
      type: "Record<string, string>",
      value: "{}",
      about:
        "Import specifiers rewritten before resolution, such as `@/` to `src/`.",
    },
    {
      key: "resolve.extensions",
      type: "string[]",
      value: '[".mjs", ".js", ".ts", ".jsx", ".tsx", ".json"]',
      about: "Extensions tried, in order, for imports without one.",
    },
    {
      key: "resolve.conditions",
      type: "string[]",
      value: "[]",
      about:
        "Extra conditions matched against the `exports` field of packages.",
    },
    {
      key: "resolve.preserveSymlinks",
      type: "boolean",
      value: "false",
      about: "Resolve files by the path of the link rather than its target.",
    },
  ]],
  ["CSS", [
    {
      key: "css.modules",
      type: "boolean | CssModulesOptions",
      value: "true",
      about:
        "Treat `*.module.css` files as CSS modules with scoped class names.",
    },
    {
      key: "css.devSourcemap",
      type: "boolean",
      value: "false",
      about: "Write source maps for CSS during development.",
    },
    {
      key: "css.preprocessorMaxWorkers",
      type: "number | true",
      value: "0",
      about: "Run Sass and Less in that many worker threads.",
    },
  ]],
  ["Preview server", [
    {
      key: "preview.port",
      type: "number",
      value: "4173",
      about: "The port `widget preview` serves the build on.",
    },
    {
      key: "preview.strictPort",
      type: "boolean",
      value: "false",
      about: "Exit instead of trying the next port when the port is taken.",
    },
    {
      key: "preview.headers",
      type: "Record<string, string>",
      value: "{}",
      about: "Headers added to every preview response.",
    },
  ]],
  ["Environment", [
    {
      key: "mode",
      type: "string",
      value: '"development" for serve, "production" for build',
      about:
        "Selects which `.env.[mode]` files are loaded and what `import.meta.env.MODE` holds.",
    },
    {
      key: "envDir",
      type: "string",
      value: "root",
      about: "The directory `.env` files are loaded from.",
    },
    {
      key: "envPrefix",
      type: "string | string[]",
      value: '"WIDGET_PUBLIC_"',
      about: "Only variables with this prefix are exposed to client code.",
    },
    {
      key: "define",
      type: "Record<string, any>",
      value: "{}",
      about: "Global constants replaced at build time.",
    },
  ]],
  ["Plugins", [
    {
      key: "plugins",
      type: "(Plugin | Plugin[])[]",
      value: "[]",
      about:
        "Plugins run in order; nested arrays are flattened and falsy entries ignored.",
    },
    {
      key: "plugins.timeout",
      type: "number",
      value: "30000",
      about:
        "Milliseconds a plugin hook may run before the build fails with a timeout.",
    },
    {
      key: "plugins.parallel",
      type: "boolean",
      value: "true",
      about: "Run the `transform` hooks of independent plugins concurrently.",
    },
  ]],
  ["Logging", [
    {
      key: "logLevel",
      type: '"info" | "warn" | "error" | "silent"',
      value: '"info"',
      about: "How much the CLI prints.",
    },
    {
      key: "clearScreen",
      type: "boolean",
      value: "true",
      about: "Clear the terminal when the dev server restarts.",
    },
    {
      key: "telemetry",
      type: "boolean",
      value: "true",
      about: "Send anonymous usage counts once a day.",
    },
  ]],
];

const DETAILS = [
  "When the value comes from an environment variable it is parsed as JSON first and used as a plain string when that fails, so quote strings that look like numbers.",
  "The resolved value is printed by `widget config --print`, together with where it came from: the default, the config file, an environment variable or a flag.",
  "Most projects never need to change this; the default was chosen to work for single-package repositories and for monorepos managed by npm, pnpm or Yarn workspaces.",
  "If you change it in a shared preset, document the change for the projects that extend the preset, since they inherit it silently.",
  "A value that cannot be used is reported when the config is loaded, with the path of the option and the reason, and the command exits with code 1.",
  "Widget watches the config file during development and restarts with the new value; other processes started by plugins are restarted too.",
];

const NOTES = [
  "Relative paths are resolved against `root`, not against the current working directory.",
  "The command-line flag of the same name takes precedence over the config file.",
  "Plugins can read the resolved value through the `configResolved` hook.",
  "Changing this option restarts the dev server automatically.",
  "In a monorepo, set it in each package's config rather than at the top.",
  "This option has no effect in library mode.",
];

function envName(key: string): string {
  return `WIDGET_${
    key.replace(/([a-z])([A-Z])/g, "$1_$2").replace(/\./g, "_")
      .toUpperCase()
  }`;
}

/**
 * The page and the environment variable that sets the cache directory.
 *
 * @param seed The random seed.
 * @returns The Markdown and the answer: that variable's name.
 */
export function docsPage(seed = 8): Dataset {
  const random = createRandom(seed);
  const out: string[] = [
    "# Configuration reference",
    "",
    "Widget reads `widget.config.ts` (or `.js`, `.mjs`, `.json`) from the project root. Every option below can also be set on the command line (`--build.minify=false`) or through an environment variable, which wins over the file. This page lists every option with its type and default.",
    "",
    "```ts",
    'import { defineConfig } from "widget";',
    "",
    "export default defineConfig({",
    '  entry: "src/main.ts",',
    '  build: { target: "es2022", sourcemap: true },',
    "});",
    "```",
    "",
    "## Precedence",
    "",
    "Command-line flags win over environment variables, which win over the config file, which wins over the defaults. Arrays are replaced, objects are merged key by key.",
    "",
  ];
  for (const [group, options] of GROUPS) {
    out.push(`## ${group} options`, "");
    out.push(
      `These options control the ${group.toLowerCase()} part of Widget. ${
        random.pick(NOTES)
      }`,
      "",
    );
    for (const option of options) {
      out.push(
        `### \`${option.key}\``,
        "",
        `- **Type:** \`${option.type}\``,
        `- **Default:** \`${option.value}\``,
        `- **Environment variable:** \`${envName(option.key)}\``,
        "",
        option.about,
        "",
        `${random.pick(DETAILS)} ${random.pick(DETAILS)}`,
        "",
        `${random.pick(NOTES)} ${random.pick(NOTES)}`,
        "",
        "```ts",
        "export default defineConfig({",
        `  // ${option.key}`,
        `  ${
          option.key.includes(".")
            ? `${option.key.split(".")[0]}: { ${
              option.key.split(".")[1]
            }: ${option.value} },`
            : `${option.key}: ${option.value},`
        }`,
        "});",
        "```",
        "",
      );
    }
  }
  out.push(
    "## Troubleshooting",
    "",
    "Run `widget config --print` to see the resolved configuration and where each value came from.",
    "",
  );
  const answer = envName("cache.dir");
  return {
    text: out.join("\n"),
    answer: [answer],
    summary: answer,
  };
}
