/**
 * The red team's probe: a small C program, built once per test process with
 * the system's `cc`, that makes the system calls shell cannot (raw sockets, many processes,
 * Unix sockets, file handles, System V shared memory, device nodes, another
 * process's memory). Each subcommand prints one line saying what it got.
 *
 * @module
 */

import { join } from "node:path";

const SOURCE = String.raw`
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int sniff(int secs, const char *needle) {
  int s = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
  if (s < 0) { printf("sniff-denied %d\n", errno); return 0; }
  struct timeval tv = {1, 0};
  setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  time_t end = time(NULL) + secs;
  static char buf[65536];
  while (time(NULL) < end) {
    ssize_t n = recv(s, buf, sizeof buf, 0);
    if (n <= 0) continue;
    char *hit = memmem(buf, n, needle, strlen(needle));
    if (hit) { printf("sniffed %.60s\n", hit); return 0; }
  }
  printf("sniff-nothing\n");
  return 0;
}

static int connect_to(const char *path, int abstract) {
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0) { printf("unix-socket-denied %d\n", errno); return 0; }
  struct sockaddr_un a = {0};
  a.sun_family = AF_UNIX;
  socklen_t len;
  if (abstract) {
    strncpy(a.sun_path + 1, path, sizeof a.sun_path - 2);
    len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(path);
  } else {
    strncpy(a.sun_path, path, sizeof a.sun_path - 1);
    len = sizeof a;
  }
  if (connect(s, (struct sockaddr *)&a, len) < 0) { printf("connect-denied %d\n", errno); return 0; }
  char buf[256] = {0};
  struct timeval tv = {3, 0};
  setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ssize_t n = read(s, buf, sizeof buf - 1);
  printf("connected %s\n", n > 0 ? buf : "");
  return 0;
}

static int listen_abstract(const char *name, const char *reply) {
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un a = {0};
  a.sun_family = AF_UNIX;
  strncpy(a.sun_path + 1, name, sizeof a.sun_path - 2);
  socklen_t len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name);
  if (bind(s, (struct sockaddr *)&a, len) < 0 || listen(s, 8) < 0) { printf("listen-failed %d\n", errno); return 1; }
  printf("listening\n"); fflush(stdout);
  for (;;) {
    int c = accept(s, NULL, NULL);
    if (c < 0) continue;
    write(c, reply, strlen(reply));
    close(c);
    printf("accepted\n"); fflush(stdout);
  }
}

static int net_admin(void) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  int priority = 7;
  printf(setsockopt(s, SOL_SOCKET, SO_PRIORITY, &priority, sizeof priority) == 0 ? "netadmin-granted\n" : "netadmin-denied\n");
  return 0;
}

static int by_handle(const char *path, const char *dir) {
  struct file_handle *h = malloc(sizeof *h + 128);
  h->handle_bytes = 128;
  int mount_id;
  if (name_to_handle_at(AT_FDCWD, path, h, &mount_id, 0) < 0) { printf("handle-name-denied %d\n", errno); return 0; }
  int mount_fd = open(dir, O_RDONLY | O_DIRECTORY);
  int fd = open_by_handle_at(mount_fd, h, O_RDONLY);
  if (fd < 0) { printf("handle-open-denied %d\n", errno); return 0; }
  char buf[256] = {0};
  ssize_t n = read(fd, buf, sizeof buf - 1);
  printf("handle-read %s\n", n > 0 ? buf : "(nothing)");
  return 0;
}

static int shm_create(const char *secret) {
  int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
  if (id < 0) { printf("shm-create-failed %d\n", errno); return 1; }
  char *p = shmat(id, NULL, 0);
  strcpy(p, secret);
  shmdt(p);
  printf("%d\n", id);
  return 0;
}

static int shm_read(const char *needle) {
  FILE *f = fopen("/proc/sysvipc/shm", "r");
  char line[512];
  int found = 0;
  if (f) {
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
      int key, id;
      if (sscanf(line, "%d %d", &key, &id) != 2) continue;
      char *p = shmat(id, NULL, SHM_RDONLY);
      if (p == (void *)-1) continue;
      char *hit = memmem(p, 4096, needle, strlen(needle));
      if (hit) { printf("shm-read %.60s\n", hit); found = 1; }
      shmdt(p);
    }
  }
  if (!found) printf("shm-nothing\n");
  return 0;
}

static int make_node(const char *path) {
  if (mknod(path, S_IFCHR | 0600, makedev(1, 1)) < 0) { printf("mknod-denied %d\n", errno); return 0; }
  int fd = open(path, O_RDONLY);
  printf(fd >= 0 ? "mknod-opened\n" : "mknod-made\n");
  return 0;
}

static int read_mem(const char *pid, const char *needle) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%s/maps", pid);
  FILE *maps = fopen(path, "r");
  snprintf(path, sizeof path, "/proc/%s/mem", pid);
  int mem = open(path, O_RDONLY);
  if (!maps || mem < 0) { printf("mem-denied %d\n", errno); return 0; }
  char line[512];
  static char buf[1 << 20];
  while (fgets(line, sizeof line, maps)) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx", &lo, &hi) != 2) continue;
    for (unsigned long at = lo; at < hi; at += sizeof buf) {
      ssize_t n = pread(mem, buf, (hi - at) < sizeof buf ? (hi - at) : sizeof buf, at);
      if (n <= 0) break;
      char *hit = memmem(buf, n, needle, strlen(needle));
      if (hit) { printf("mem-read %.60s\n", hit); return 0; }
    }
  }
  printf("mem-nothing\n");
  return 0;
}

static int forks(int n) {
  int started = 0;
  for (; started < n; started++) {
    pid_t pid = fork();
    if (pid < 0) break;
    if (pid == 0) { pause(); _exit(0); }
  }
  printf("started=%d\n", started);
  return 0;
}

int main(int argc, char **argv) {
  const char *cmd = argc > 1 ? argv[1] : "";
  const char *a = argc > 2 ? argv[2] : "";
  const char *b = argc > 3 ? argv[3] : "";
  if (!strcmp(cmd, "sniff")) return sniff(atoi(a), b);
  if (!strcmp(cmd, "unix")) return connect_to(a, 0);
  if (!strcmp(cmd, "abstract")) return connect_to(a, 1);
  if (!strcmp(cmd, "listen-abstract")) return listen_abstract(a, b);
  if (!strcmp(cmd, "netadmin")) return net_admin();
  if (!strcmp(cmd, "handle")) return by_handle(a, b);
  if (!strcmp(cmd, "shm-create")) return shm_create(a);
  if (!strcmp(cmd, "shm-rm")) return shmctl(atoi(a), IPC_RMID, NULL);
  if (!strcmp(cmd, "shm-read")) return shm_read(a);
  if (!strcmp(cmd, "mknod")) return make_node(a);
  if (!strcmp(cmd, "mem")) return read_mem(a, b);
  if (!strcmp(cmd, "forks")) return forks(atoi(a));
  fprintf(stderr, "unknown probe command %s\n", cmd);
  return 2;
}
`;

let built: Promise<string | undefined> | undefined;

/**
 * Builds the probe once (readable and runnable by every user).
 *
 * @returns Its path, or undefined when no C compiler works here.
 */
export function probe(): Promise<string | undefined> {
  built ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "ctx-redteam-probe-" });
    await Deno.chmod(dir, 0o755);
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // best effort
      }
    });
    await Deno.writeTextFile(join(dir, "probe.c"), SOURCE);
    const output = await new Deno.Command("cc", {
      args: ["-O1", "-o", join(dir, "probe"), join(dir, "probe.c")],
      stdout: "null",
      stderr: "piped",
    }).output().catch(() => undefined);
    if (!output?.success) return undefined;
    await Deno.chmod(join(dir, "probe"), 0o755);
    return join(dir, "probe");
  })();
  return built;
}
