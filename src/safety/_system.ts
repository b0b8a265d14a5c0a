/**
 * Disk, device and permission rules: `dd` onto a device, `mkfs` and friends,
 * `shred`, writes to raw disks, and `chmod`/`chown -R` over a system or home
 * tree.
 *
 * Pure: looks at the words only.
 *
 * @module
 */

import {
  commandName,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { isStrictlyWithin, resolveFrom } from "./_paths.ts";
import { isTempPath } from "./_rm.ts";

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

const FORMATTERS = new Set([
  "mke2fs",
  "wipefs",
  "mkswap",
  "blkdiscard",
  "sgdisk",
  "sfdisk",
]);

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
  if (name === "kill" && killsUsersProcesses(inv)) {
    return deny(
      "system.kill-all",
      "kill of every pid pgrep lists for a user signals all of that user's processes, the agent and your session included. Kill the specific process id",
    );
  }
  if (name === "kill" && killsEverything(inv)) {
    return deny(
      "system.kill-all",
      "kill with pid -1 signals every process you may signal, the agent and your session included. Kill the specific process id",
    );
  }
  if (name === "crontab") return checkCrontab(inv);
  if ((name === "pkill" || name === "killall") && killsAllOfUser(inv)) {
    return deny(
      "system.kill-all",
      `${name} -u without a process name signals every process of that user, the agent and your session included. Name the process to stop`,
    );
  }
  if (name === "killall5") {
    return deny(
      "system.kill-all",
      "killall5 signals every process. Kill the specific process id",
    );
  }
  if (name === "rsync") return checkRsyncDelete(inv, env);
  if (
    (name === "gpg" || name === "gpg2") &&
    inv.args.some((w) => /^--export-secret-(?:sub)?keys/.test(w.value))
  ) {
    return deny(
      "secret.private-key",
      "gpg --export-secret-keys prints your private keys, which would put them into the transcript or wherever the output goes. Ask the user to export keys themselves",
    );
  }
  if (handsOutShell(inv)) {
    return deny(
      "remote.reverse-shell",
      `${name} running a program for a network connection gives whoever is at the other end control of this machine. Do not run it`,
    );
  }
  return null;
}

/**
 * `crontab -r` deletes every job; `crontab -` or `crontab FILE` replaces them
 * all with what a pipe or a file holds (`echo | crontab -`).
 */
function checkCrontab(inv: Invocation): Verdict | null {
  const args = inv.args.filter((w, i) =>
    w.value !== "-u" && inv.args[i - 1]?.value !== "-u"
  );
  if (args.some((w) => /^-[a-z]*r/.test(w.value))) {
    return deny(
      "system.crontab-remove",
      "crontab -r deletes every scheduled job without a copy. Save it with `crontab -l > crontab.bak` and edit it with `crontab -e`, or ask the user",
    );
  }
  if (args.some((w) => w.value === "-" || !w.value.startsWith("-"))) {
    return deny(
      "system.crontab-replace",
      "crontab with - or a file replaces every scheduled job with that input, and the old ones are gone. Save them with `crontab -l > crontab.bak`, then ask the user to install the new table",
    );
  }
  return null;
}

/** Options of pkill and killall that take the next word as their value. */
const KILL_VALUED =
  /^(?:-[uUGgPstFn]|--(?:euid|uid|group|pgroup|parent|session|terminal|pidfile|ns|signal|older-than|younger-than|context))$/;

/** `pkill -u me`, `killall -u me`: a user named and no process, or a pattern that matches every name. */
function killsAllOfUser(inv: Invocation): boolean {
  let user = false;
  const names: string[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    if (/^-[uU]$|^--(?:euid|uid|user)$/.test(a)) user = true;
    if (/^--(?:euid|uid|user)=/.test(a)) user = true;
    if (KILL_VALUED.test(a) || a === "--user") i++;
    else if (!a.startsWith("-")) names.push(a);
  }
  if (names.some((n) => /^(?:\.\*?|\^|\$|\.\+|)$/.test(n))) return true;
  return user && names.length === 0;
}

const NETCATS = new Set(["nc", "ncat", "netcat", "nc.traditional"]);

/** `nc -e /bin/sh host port`, `ncat --sh-exec …`, `socat TCP:h:p EXEC:sh`: a program wired to a socket. */
function handsOutShell(inv: Invocation): boolean {
  if (NETCATS.has(inv.name)) {
    return inv.args.some((w, i) => {
      const next = inv.args[i + 1]?.value ?? "";
      const program = /(?:^|\/)(?:ba|z|da|k|tc)?sh\b|^\/|\s/.test(next);
      return (/^-[a-zA-Z]*[ec]$/.test(w.value) && program) ||
        /^-[a-zA-Z]*e\//.test(w.value) ||
        /^--(?:exec|sh-exec|lua-exec)(?:=|$)/.test(w.value);
    });
  }
  if (inv.name === "socat") {
    const values = inv.args.map((w) => w.value);
    return values.some((v) => /^(?:EXEC|SYSTEM):/i.test(v)) &&
      values.some((v) =>
        /^(?:TCP|UDP|OPENSSL|SSL|SCTP)[46]?(?:-\w+)?:/i.test(v)
      );
  }
  return false;
}

/** `kill $(pgrep -u me)`: the pids of every process of a user. */
function killsUsersProcesses(inv: Invocation): boolean {
  return inv.args.some((w) =>
    w.substitutions.some((c) =>
      ["pgrep", "pidof"].includes(commandName(c.argv[0])) &&
      killsAllOfUser({ ...inv, args: c.argv.slice(1) })
    )
  );
}

/** `kill -9 -1`, `kill -s KILL -1`: a pid of -1 (after the signal) means every process. */
function killsEverything(inv: Invocation): boolean {
  let i = 0;
  const first = inv.args[0]?.value ?? "";
  if (first === "-s" || first === "-n") i = 2;
  else if (/^-[A-Za-z0-9]+$/.test(first) && first !== "-1") i = 1;
  else if (first === "-1" && inv.args.length > 1) i = 1;
  return inv.args.slice(i).some((w) => w.value === "-1");
}

/**
 * `rsync --delete` onto the root, home, a top-level folder or anything outside
 * the project: syncing an empty folder over it deletes everything there.
 */
function checkRsyncDelete(inv: Invocation, env: Env): Verdict | null {
  if (!inv.args.some((w) => /^--(?:delete|del$|remove-source)/.test(w.value))) {
    return null;
  }
  const dest = inv.args.findLast((w) => !w.value.startsWith("-"));
  if (dest === undefined || /^[^/]*:/.test(dest.value)) return null;
  const path = dest.dynamic ? dest.literalPrefix : dest.value;
  if (!path.startsWith("/") && inv.cwd === null) return null;
  const abs = resolveFrom(inv.cwd ?? "/", path.replace(/^~(?=\/|$)/, env.home));
  const inside = isStrictlyWithin(abs, env.root) && env.root !== env.home;
  if (inside || isTempPath(abs, env)) return null;
  return deny(
    "rsync.delete-outside",
    `rsync --delete onto ${dest.value} deletes whatever there is missing from the source, outside the project. Sync into the project or a temp dir, or ask the user`,
  );
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
