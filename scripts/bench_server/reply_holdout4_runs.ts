/**
 * A fourth held-out set of the reply benchmark, part one: tools no other set
 * holds — a C++ build with `make` and g++ that fails on two errors among
 * warnings, a `pip install` whose resolver finds no compatible versions, and
 * `systemctl status` of a unit that keeps failing — each with the facts an
 * agent needs next. Written, facts included, before the views were run on
 * them, and never tuned on (`reply_holdout4_data.ts` holds the rest).
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, type ReplyOutput } from "./reply_outputs.ts";

/** `make -j4` of a C++ project: 180 objects compiled, 22 warnings, 2 errors. */
export function cppMake(seed = 61): ReplyOutput {
  const random = createRandom(seed);
  const dirs = ["core", "net", "io", "util", "render"];
  const lines = [
    "make[1]: Entering directory '/home/ci/build/geo'",
  ];
  for (let i = 0; i < 180; i++) {
    const dir = random.pick(dirs);
    const file = `${dir}_${pad2(i % 60)}`;
    lines.push(
      `g++ -std=c++20 -O2 -Wall -Wextra -Iinclude -c src/${dir}/${file}.cpp -o build/${dir}/${file}.o`,
    );
    if (i % 8 === 3) {
      const line = random.int(10, 300);
      lines.push(
        `src/${dir}/${file}.cpp: In member function 'void geo::${dir}::Node::step(int)':`,
        `src/${dir}/${file}.cpp:${line}:18: warning: comparison of integer expressions of different signedness: 'int' and 'std::vector<int>::size_type' {aka 'long unsigned int'} [-Wsign-compare]`,
        `  ${line} |     for (int k = 0; k < items.size(); ++k) {`,
        "      |                     ~~^~~~~~~~~~~~~~",
      );
    }
  }
  lines.push(
    "src/net/socket_pool.cpp: In member function 'bool geo::net::SocketPool::acquire(geo::net::Endpoint&)':",
    "src/net/socket_pool.cpp:88:27: error: 'struct geo::net::Endpoint' has no member named 'timeout_ms'",
    "   88 |     if (now - ep.last_use > ep.timeout_ms) {",
    "      |                                ^~~~~~~~~~",
    "make[2]: *** [Makefile:41: build/net/socket_pool.o] Error 1",
    "make[2]: *** Waiting for unfinished jobs....",
    "src/render/mesh.cpp:214:5: error: no matching function for call to 'geo::render::Mesh::push(double, double)'",
    "  214 |     push(x, y);",
    "      |     ^~~~",
    "src/render/mesh.hpp:40:10: note: candidate: 'void geo::render::Mesh::push(const geo::Vec3&)'",
    "make[2]: *** [Makefile:41: build/render/mesh.o] Error 1",
    "make[1]: *** [Makefile:22: all] Error 2",
    "make[1]: Leaving directory '/home/ci/build/geo'",
    "make: *** [Makefile:9: build] Error 2",
  );
  return {
    name: `C++ build (make, g++), ${lines.length} lines, 2 errors`,
    intent: "compile errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first error": literal("has no member named 'timeout_ms'"),
      "first error place": literal("src/net/socket_pool.cpp:88:27"),
      "second error": literal("no matching function for call to"),
      "second error place": literal("src/render/mesh.cpp:214:5"),
      "make gave up": literal("make: *** [Makefile:9: build] Error 2"),
    },
  };
}

/** `pip install -r requirements.txt`: 60 packages collected, then the resolver's conflict. */
export function pipResolver(seed = 62): ReplyOutput {
  const random = createRandom(seed);
  const names = [
    "requests",
    "urllib3",
    "idna",
    "certifi",
    "charset-normalizer",
    "numpy",
    "pandas",
    "python-dateutil",
    "pytz",
    "six",
    "attrs",
    "pydantic",
    "typing-extensions",
    "click",
    "jinja2",
    "markupsafe",
  ];
  const lines: string[] = [];
  for (let i = 0; i < 60; i++) {
    const name = `${random.pick(names)}${i % 4 === 0 ? "" : `-${i}`}`;
    const version = `${random.int(0, 5)}.${random.int(0, 30)}.${
      random.int(0, 9)
    }`;
    lines.push(
      `Collecting ${name}>=${version} (from -r requirements.txt (line ${
        i + 1
      }))`,
      `  Downloading ${
        name.replace(/-/g, "_")
      }-${version}-py3-none-any.whl.metadata (${random.int(2, 40)} kB)`,
    );
    if (i % 3 === 0) {
      lines.push(
        `Requirement already satisfied: ${
          random.pick(names)
        } in ./.venv/lib/python3.12/site-packages (from ${name}) (${
          random.int(1, 9)
        }.${random.int(0, 9)})`,
      );
    }
  }
  lines.push(
    "INFO: pip is looking at multiple versions of apache-airflow-providers-http to determine which version is compatible with other requirements. This could take a while.",
    "INFO: pip is looking at multiple versions of apache-airflow to determine which version is compatible with other requirements. This could take a while.",
    "ERROR: Cannot install -r requirements.txt (line 12) and apache-airflow==2.9.3 because these package versions have conflicting dependencies.",
    "",
    "The conflict is caused by:",
    "    The user requested sqlalchemy==2.0.31",
    "    apache-airflow 2.9.3 depends on sqlalchemy<2.0 and >=1.4.36",
    "",
    "To fix this you could try to:",
    "1. loosen the range of package versions you've specified",
    "2. remove package versions to allow pip to attempt to solve the dependency conflict",
    "",
    "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts",
  );
  return {
    name: `pip install, ${lines.length} lines, resolver conflict`,
    intent: "why the install failed",
    text: lines.join("\n") + "\n",
    facts: {
      "what failed": literal("Cannot install -r requirements.txt (line 12)"),
      "requested": literal("sqlalchemy==2.0.31"),
      "constraint": literal("sqlalchemy<2.0"),
      "resolution error": literal("ResolutionImpossible"),
    },
  };
}

/** `systemctl status` with `-n 400` of a service in a restart loop: an exit code, an out-of-memory kill. */
export function systemctlStatus(seed = 63): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "× billing-worker.service - Billing queue worker",
    "     Loaded: loaded (/etc/systemd/system/billing-worker.service; enabled; preset: enabled)",
    "     Active: failed (Result: exit-code) since Tue 2026-12-01 09:14:52 UTC; 3min 12s ago",
    "   Duration: 41.118s",
    "    Process: 48213 ExecStart=/opt/billing/bin/worker --queue invoices (code=exited, status=3)",
    "   Main PID: 48213 (code=exited, status=3)",
    "        CPU: 38.552s",
    "",
  ];
  let time = Date.UTC(2026, 11, 1, 8, 40, 0);
  const stamp = () => {
    const d = new Date(time);
    return `Dec 01 ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${
      pad2(d.getUTCSeconds())
    }`;
  };
  for (let i = 0; i < 400; i++) {
    time += random.int(1, 9) * 1000;
    const pid = 48000 + Math.floor(i / 80);
    if (i === 160) {
      lines.push(
        `${stamp()} app-7 kernel: Out of memory: Killed process ${pid} (worker) total-vm:4194304kB, anon-rss:3911220kB`,
        `${stamp()} app-7 systemd[1]: billing-worker.service: A process of this unit has been killed by the OOM killer.`,
      );
    } else if (i % 80 === 79) {
      lines.push(
        `${stamp()} app-7 worker[${pid}]: FATAL could not connect to queue amqp://mq-2.internal:5672: connection refused`,
        `${stamp()} app-7 systemd[1]: billing-worker.service: Main process exited, code=exited, status=3/NOTIMPLEMENTED`,
        `${stamp()} app-7 systemd[1]: billing-worker.service: Failed with result 'exit-code'.`,
        `${stamp()} app-7 systemd[1]: billing-worker.service: Scheduled restart job, restart counter is at ${
          Math.floor(i / 80) + 1
        }.`,
      );
    } else {
      lines.push(
        `${stamp()} app-7 worker[${pid}]: processed invoice inv_${
          random.hex(8)
        } in ${random.int(3, 90)}ms`,
      );
    }
  }
  return {
    name: `systemctl status, ${lines.length} lines, failed unit`,
    intent: "why the service fails",
    text: lines.join("\n") + "\n",
    facts: {
      "state": literal("Active: failed (Result: exit-code)"),
      "exit status": literal("status=3"),
      "cause": literal("could not connect to queue"),
      "OOM kill": literal("Out of memory: Killed process"),
      "restarts": literal("restart counter is at 5"),
    },
  };
}
