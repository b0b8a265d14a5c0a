/**
 * Disk, device and permission rules: `dd` onto a device, `mkfs` and friends,
 * `shred`, writes to raw disks, and `chmod`/`chown -R` over a system or home
 * tree.
 *
 * Pure: looks at the words only.
 *
 * @module
 */

import { deny, type Env, type Invocation, type Verdict } from "./_context.ts";
import { resolveFrom } from "./_paths.ts";

const DISK_DEVICES = [
  "/dev/sd",
  "/dev/hd",
  "/dev/vd",
  "/dev/xvd",
  "/dev/nvme",
  "/dev/mmcblk",
  "/dev/disk",
  "/dev/rdisk",
  "/dev/mapper/",
  "/dev/md",
  "/dev/dm-",
  "/dev/loop",
];

const HARMLESS_DEVICES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/random",
  "/dev/urandom",
]);

const FORMATTERS = new Set(["mke2fs", "wipefs", "mkswap"]);

/** Disk, device and permission rules: dd, mkfs, shred, tee to a device, chmod/chown -R. */
export function checkSystem(inv: Invocation, env: Env): Verdict | null {
  const { name } = inv;
  if (name === "dd") {
    const of = inv.args.find((w) => w.value.startsWith("of="));
    const path = of?.value.slice(3) ?? "";
    if (path.startsWith("/dev/") && !HARMLESS_DEVICES.has(path)) {
      return deny(
        "disk.dd",
        `dd writing to ${path} overwrites a device. Write to a regular file instead`,
      );
    }
    return null;
  }
  if (name.startsWith("mkfs") || FORMATTERS.has(name)) {
    const device = inv.args.some((w) =>
      w.dynamic || w.value.startsWith("/dev/")
    );
    return device
      ? deny(
        "disk.mkfs",
        `${name} erases a file system. Ask the user to format disks themselves`,
      )
      : null;
  }
  if (name === "shred" && inv.args.some((w) => !w.value.startsWith("-"))) {
    return deny(
      "disk.shred",
      "shred destroys file contents beyond recovery. Use `rm` on the specific file, or ask the user",
    );
  }
  if (name === "tee") {
    for (const w of inv.args) {
      const v = checkDeviceWrite(w.value);
      if (v) return v;
    }
    return null;
  }
  if (name === "chmod" || name === "chown" || name === "chgrp") {
    return checkOwnership(inv, env);
  }
  return null;
}

/** A write to a disk device (`> /dev/sda`), or null for any other path. */
export function checkDeviceWrite(path: string): Verdict | null {
  if (DISK_DEVICES.some((d) => path.startsWith(d))) {
    return deny(
      "disk.redirect",
      `Writing to ${path} overwrites a disk. Write to a regular file instead`,
    );
  }
  return null;
}

function checkOwnership(inv: Invocation, env: Env): Verdict | null {
  const recursive = inv.args.some((w) =>
    w.value === "--recursive" ||
    (/^-[^-]/.test(w.value) && w.value.includes("R"))
  );
  if (!recursive) return null;
  const positional = inv.args.filter((w) => !w.value.startsWith("-"));
  const hasReference = inv.args.some((w) => w.value.startsWith("--reference"));
  for (const t of positional.slice(hasReference ? 0 : 1)) {
    const path = t.dynamic ? t.literalPrefix : t.value;
    if (t.dynamic && !path.includes("/")) continue;
    if (!path.startsWith("/") && inv.cwd === null) continue;
    const abs = resolveFrom(inv.cwd ?? "/", path);
    const topLevel = abs.split("/").filter((s) => s !== "").length <= 1 &&
      abs !== "/tmp";
    if (topLevel || abs === env.home) {
      return deny(
        inv.name === "chmod" ? "chmod.recursive-root" : "chown.recursive-root",
        `${inv.name} -R on ${t.value} changes a system or home tree. Apply it to the specific project directory instead`,
      );
    }
  }
  return null;
}
