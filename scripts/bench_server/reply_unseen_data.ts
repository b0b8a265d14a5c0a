/**
 * A third held-out set of the reply benchmark, part two: an `rsync -av`
 * listing, `aws ec2 describe-instances` JSON and a release-notes page read
 * with curl, each with the facts an agent needs next (what was deleted and
 * how much was sent, the stopped instance, the newest version and what it
 * removed). Written, facts included, before the views were run on them, and
 * never tuned on.
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, number, type ReplyOutput } from "./reply_outputs.ts";

const WORDS = [
  "alpha",
  "brisk",
  "cedar",
  "delta",
  "ember",
  "fjord",
  "grove",
  "harbor",
  "iris",
  "juniper",
  "kestrel",
  "lumen",
];

/** `rsync -av --delete` of a site: 5,000 files under four folders, two deletions, the totals. */
export function rsyncListing(seed = 54): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "sending incremental file list",
    "deleting static/old/legacy.css",
    "deleting static/old/",
    "./",
  ];
  const folders: Array<[string, string[]]> = [
    ["assets/img", ["webp", "png", "svg"]],
    ["assets/fonts", ["woff2"]],
    ["src/components", ["tsx", "css"]],
    ["src/pages", ["tsx", "mdx"]],
    ["vendor/chartlib/dist", ["js", "map"]],
    ["docs/guide", ["md"]],
  ];
  let files = 0;
  for (const [folder, exts] of folders) {
    lines.push(`${folder}/`);
    const n = folder.startsWith("assets/img")
      ? 2_100
      : folder.startsWith("vendor")
      ? 1_300
      : 400;
    for (let i = 0; i < n; i++) {
      lines.push(
        `${folder}/${random.pick(WORDS)}-${String(i).padStart(4, "0")}.${
          random.pick(exts)
        }`,
      );
      files++;
    }
  }
  lines.push(
    "",
    "sent 412,339,120 bytes  received 98,211 bytes  2,118,405.30 bytes/sec",
    "total size is 1,902,114,551  speedup is 4.61",
  );
  return {
    name: `rsync -av listing, ${files.toLocaleString("en-US")} files`,
    intent: "what was deleted",
    text: lines.join("\n") + "\n",
    facts: {
      "file count": number(files),
      "deleted file": literal("static/old/legacy.css"),
      "total size": literal("total size is 1,902,114,551"),
      "largest folder": /assets\/img|assets/,
      "vendor folder": /vendor/,
    },
  };
}

/** `aws ec2 describe-instances`: 60 reservations of one instance each, one instance stopped. */
export function ec2Instances(seed = 55): ReplyOutput {
  const random = createRandom(seed);
  const reservations = [];
  let stoppedId = "";
  for (let i = 0; i < 60; i++) {
    const id = `i-0${random.hex(16)}`;
    const stopped = i === 37;
    if (stopped) stoppedId = id;
    const ip = `10.0.${random.int(0, 7)}.${random.int(2, 250)}`;
    const role = stopped
      ? "batch-worker"
      : random.pick(["web", "api", "cache", "queue"]);
    const name = `${role}-${stopped ? 3 : i}`;
    reservations.push({
      ReservationId: `r-0${random.hex(16)}`,
      OwnerId: "123456789012",
      Groups: [],
      Instances: [{
        AmiLaunchIndex: 0,
        ImageId: `ami-0${random.hex(16)}`,
        InstanceId: id,
        InstanceType: random.pick(["t3.large", "m6i.xlarge", "c6g.2xlarge"]),
        KeyName: "ops-2026",
        LaunchTime: `2026-${pad2(random.int(1, 11))}-${
          pad2(random.int(1, 28))
        }T${pad2(random.int(0, 23))}:00:00+00:00`,
        Monitoring: { State: "disabled" },
        Placement: {
          AvailabilityZone: `eu-west-1${random.pick(["a", "b", "c"])}`,
          GroupName: "",
          Tenancy: "default",
        },
        PrivateDnsName: `ip-${
          ip.replace(/\./g, "-")
        }.eu-west-1.compute.internal`,
        PrivateIpAddress: ip,
        ProductCodes: [],
        State: stopped
          ? { Code: 80, Name: "stopped" }
          : { Code: 16, Name: "running" },
        ...(stopped
          ? {
            StateReason: {
              Code: "Client.UserInitiatedShutdown",
              Message: "Client.UserInitiatedShutdown: User initiated shutdown",
            },
          }
          : {}),
        SubnetId: `subnet-0${random.hex(16)}`,
        VpcId: "vpc-0a1b2c3d4e5f60718",
        Architecture: "x86_64",
        BlockDeviceMappings: [{
          DeviceName: "/dev/xvda",
          Ebs: {
            AttachTime: "2026-01-04T10:00:00+00:00",
            DeleteOnTermination: true,
            Status: "attached",
            VolumeId: `vol-0${random.hex(16)}`,
          },
        }],
        NetworkInterfaces: [{
          Attachment: {
            AttachmentId: `eni-attach-0${random.hex(16)}`,
            DeleteOnTermination: true,
            DeviceIndex: 0,
            Status: "attached",
          },
          Description: "",
          Groups: [{ GroupName: "web-sg", GroupId: "sg-0123456789abcdef0" }],
          MacAddress: `0a:${random.hex(2)}:${random.hex(2)}:${random.hex(2)}:${
            random.hex(2)
          }:${random.hex(2)}`,
          NetworkInterfaceId: `eni-0${random.hex(16)}`,
          PrivateIpAddress: ip,
          Status: "in-use",
        }],
        SecurityGroups: [{
          GroupName: "web-sg",
          GroupId: "sg-0123456789abcdef0",
        }],
        Tags: [
          { Key: "Name", Value: name },
          { Key: "team", Value: random.pick(["shop", "search", "data"]) },
        ],
      }],
    });
  }
  return {
    name: "JSON (aws ec2 describe-instances), 60 instances",
    intent: "stopped instances",
    text: JSON.stringify({ Reservations: reservations }, null, 4) + "\n",
    facts: {
      "instance count": /\b60\b/,
      "stopped instance": literal(stoppedId),
      "stopped state": /stopped/,
      "stopped name": literal("batch-worker-3"),
      "fields": /InstanceType/,
    },
  };
}

/** A release-notes page of 30 versions, newest first, with a site's navigation and scripts around it. */
export function releaseNotesPage(seed = 56): ReplyOutput {
  const random = createRandom(seed);
  const nav = Array.from(
    { length: 60 },
    (_, i) =>
      `<li><a href="/docs/${random.pick(WORDS)}-${i}">Guide ${i}</a></li>`,
  ).join("");
  const versions: string[] = [];
  for (let v = 0; v < 30; v++) {
    const major = 4 - Math.floor(v / 10);
    const minor = 9 - (v % 10);
    const name = v === 0 ? "v4.0.0" : `v${major - (v > 0 ? 1 : 0)}.${minor}.0`;
    const items = (kind: string) =>
      Array.from(
        { length: random.int(3, 8) },
        (_, i) =>
          `<li>${kind} ${random.pick(WORDS)} ${
            random.pick(["handling", "parsing", "timeouts", "headers"])
          } (#${random.int(100, 4000)}) ${i}</li>`,
      ).join("");
    versions.push(
      `<section id="${name}"><h2>${name} (2026-${pad2(12 - (v % 12))}-${
        pad2(random.int(1, 28))
      })</h2>`,
      v === 0
        ? '<h3>Breaking changes</h3><ul><li>The option <code>retry.legacyBackoff</code> was removed; use <code>retry.backoff: "exponential"</code>.</li><li>Node 18 is no longer supported.</li></ul>'
        : "",
      `<h3>Features</h3><ul>${items("Adds")}</ul><h3>Fixes</h3><ul>${
        items("Fixes")
      }</ul></section>`,
    );
  }
  const text = [
    "<!doctype html><html><head><meta charset=utf-8>",
    "<title>Release notes — Acme HTTP client</title>",
    `<script>${"window.__cfg={a:1};".repeat(400)}</script>`,
    `<style>${".n{margin:0;padding:0}".repeat(300)}</style></head><body>`,
    `<nav><ul>${nav}</ul></nav><main><h1>Release notes</h1>`,
    ...versions,
    "</main><footer>© 2026 Acme</footer></body></html>",
  ].join("\n");
  return {
    name: `HTML page (release notes), ${
      Math.round(text.length / 1024)
    } KB, curl`,
    intent: "breaking changes in 4.0",
    text,
    served: true,
    facts: {
      "title": literal("Release notes — Acme HTTP client"),
      "newest version": literal("v4.0.0"),
      "outline: Breaking changes": /Breaking changes/,
    },
    intentFacts: { "removed option": literal("retry.legacyBackoff") },
  };
}
