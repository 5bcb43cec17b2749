// The machine a bench run ran on (for BENCHMARKS.md), and the final sweep of bench containers.
// `node build/bench-docker/bench/docker/machine.js` writes bench/out/machine.json;
// with --sweep it only removes leftover bench containers.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { client, OUT_DIR, sweepBenchContainers } from './common.js'

if (process.argv[2] === '--sweep') {
  const n = await sweepBenchContainers()
  if (n) console.log(`swept ${n} leftover bench container(s)`)
} else {
  const [version, info] = await Promise.all([client.version(), client.info()])
  const component = (name: string) =>
    version.Components?.find((c) => c.Name.toLowerCase() === name)?.Version
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    kernel: release(),
    docker: `${version.Version} (API ${version.ApiVersion})`,
    containerd: component('containerd') ?? 'unknown',
    runc: component('runc') ?? 'unknown',
    cgroup: `v${info.CgroupVersion ?? '?'} (${info.CgroupDriver ?? '?'} driver)`,
    storage: info.Driver,
    node: process.version,
    loadAverage: loadavg().map((x) => Number(x.toFixed(2)))
  }
  mkdirSync(OUT_DIR, { recursive: true })
  writeFileSync(join(OUT_DIR, 'machine.json'), JSON.stringify(machine, null, 2) + '\n')
  console.log(machine)
}
