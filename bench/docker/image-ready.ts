// "Image ready on a fresh engine" (issue 16): how long a job that starts with an empty engine (every
// GitHub-hosted job) waits for the runtime image, three ways, in one run:
//   build    — a cold `--no-cache` build of docker/ (what image-policy auto does today);
//   cache    — @actions/cache restore (the real client, against the loopback cache service in
//              __tests__/helpers/cache-server.ts) + docker load of the archive, for two archive
//              formats: compressed here (gzip on this Node, zstd on Node ≥ 22.15) or a plain tar
//              left to the cache client's own zstd;
//   registry — docker pull by tag from Debian's docker-registry on 127.0.0.1:5000;
//   action   — the product's own path: ensureImage under image-policy auto with the action's
//              Actions-cache store (src/action/image-cache.ts), i.e. restore + load + label check +
//              naming, from the entry the product's own save wrote (by id, default compression).
// A fresh engine is simulated by removing the image (only this bench's throwaway tags: the image
// is one flattened layer of its own, so the data really goes). Everything is loopback: add the
// transfer of the bytes reported at the runner's network speed for a hosted runner.
// Run: `npm run bench -- image-ready` (needs root or sudo for scripts/local-registry.sh).
import * as cache from '@actions/cache'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import { pack } from 'tar-fs'
import { startCacheServer } from '../../__tests__/helpers/cache-server.js'
import { deleteFromRegistry } from '../../__tests__/helpers/local-registry.js'
import { dockerContextDir, toolVersion } from '../../src/runtime/docker/action-root.js'
import { actionsCacheStore } from '../../src/action/image-cache.js'
import { contextFiles, contextHash, ensureImage } from '../../src/runtime/docker/image.js'
import { saveToStore } from '../../src/runtime/docker/image-sources.js'
import {
  defaultCompression,
  loadImageArchive,
  saveImageArchive,
  type ArchiveCompression
} from '../../src/runtime/docker/image-archive.js'
import {
  imageCacheKey,
  imageCachePath,
  registryImageRef
} from '../../src/runtime/docker/image-keys.js'
import {
  LABEL_CONTEXT_HASH,
  LABEL_VARIANT,
  LABEL_VERSION
} from '../../src/runtime/docker/labels.js'
import { followProgress, ProgressReporter } from '../../src/runtime/docker/progress.js'
import { client, main, median, report, type Figure } from './common.js'

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 4)
const REGISTRY_ADDR = process.env.LOCAL_REGISTRY_ADDR ?? '127.0.0.1:5000'
const REPOSITORY = `${REGISTRY_ADDR}/massgen-exec-bench/runtime`
const TARGET_RATIO = 0.2
const BASELINE_CONTEXT = process.env.BENCH_BASELINE_CONTEXT
const run = `${process.pid}-${Date.now().toString(36)}`
const TAG = `massgen-exec-bench/runtime:${run}`

const s = (x: number) => `${(x / 1000).toFixed(1)} s`
const mb = (x: number) => `${(x / 1e6).toFixed(0)} MB`

/** The cache client writes ::debug:: and ::add-mask:: lines to stdout; keep the bench readable. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    /^(::debug::|::add-mask::|Sent \d+ of)/.test(String(chunk))
      ? true
      : write(chunk, ...rest)) as typeof process.stdout.write
  try {
    return await fn()
  } finally {
    process.stdout.write = write
  }
}

async function follow(stream: NodeJS.ReadableStream, what: string, log?: (l: string) => void) {
  const reporter = await followProgress(
    stream as unknown as Readable,
    new ProgressReporter('', log ?? (() => undefined))
  )
  if (reporter.error) throw new Error(`${what}: ${reporter.error}`)
}

async function present(ref: string): Promise<string | undefined> {
  return client.inspectImage(ref).then(
    (i) => i?.Id,
    () => undefined
  )
}

/** Removes exactly the references this bench made; fails if the image is still on the engine. */
async function forget(refs: string[], id: string): Promise<void> {
  for (const ref of refs) await client.removeImage(ref).catch(() => undefined)
  if (await present(id)) throw new Error(`image ${id} is still present; the engine is not "fresh"`)
}

/** A `--no-cache` build of a context as the action builds it; collects the step images it made. */
async function coldBuild(
  dir: string,
  tag: string,
  hash: string,
  intermediates: string[]
): Promise<number> {
  console.log(`building ${dir} as ${tag} (--no-cache)`)
  const t0 = performance.now()
  const context = pack(dir, {
    entries: await contextFiles(dir)
  }) as unknown as NodeJS.ReadableStream
  const stream = await client.buildImage(context, {
    tag,
    noCache: true,
    labels: {
      [LABEL_CONTEXT_HASH]: hash,
      [LABEL_VERSION]: toolVersion(),
      [LABEL_VARIANT]: 'default'
    }
  })
  await follow(stream, `build ${tag}`, (line) => {
    const m = /---> ([0-9a-f]{12})$/.exec(line.trim())
    if (m) intermediates.push(m[1])
  })
  return performance.now() - t0
}

await main(async () => {
  const contextDir = process.env.BENCH_CONTEXT ?? dockerContextDir()
  const hash = await contextHash(contextDir)
  const info = await client.info()
  const key = imageCacheKey({
    variant: 'default',
    contextHash: hash,
    arch: info.Architecture ?? process.arch
  })
  const ref = registryImageRef(REPOSITORY, hash, 'default')
  const scratch = mkdtempSync(join(tmpdir(), 'mgx-bench-image-'))
  const intermediates: string[] = []
  const server = await startCacheServer()
  let startedRegistry = false
  try {
    Object.assign(process.env, server.env, {
      GITHUB_WORKSPACE: scratch,
      RUNNER_TEMP: join(scratch, 'runner-temp')
    })
    delete process.env.ACTIONS_CACHE_URL
    delete process.env.GITHUB_SERVER_URL
    if (
      !(await fetch(`http://${REGISTRY_ADDR}/v2/`).then(
        (r) => r.ok,
        () => false
      ))
    ) {
      const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n']
      const [cmd, ...args] = [...sudo, 'bash', 'scripts/local-registry.sh', 'start']
      execFileSync(cmd, args, {
        stdio: 'inherit',
        env: { ...process.env, LOCAL_REGISTRY_ADDR: REGISTRY_ADDR }
      })
      startedRegistry = true
    }

    // 1. Cold build, as image-policy auto does it (same labels), without the layer cache.
    const buildMs = await coldBuild(contextDir, TAG, hash, intermediates)
    const built = (await client.inspectImage(TAG))!
    const id = built.Id
    console.log(`built ${id} in ${s(buildMs)}; ${mb(built.Size ?? 0)}`)
    // Optionally the image a fresh job builds today (e.g. BENCH_BASELINE_CONTEXT=/work/main/docker).
    let baseline: { ms: number; size: number } | undefined
    if (BASELINE_CONTEXT) {
      const baseTag = `${TAG}-baseline`
      const ms = await coldBuild(
        BASELINE_CONTEXT,
        baseTag,
        await contextHash(BASELINE_CONTEXT),
        intermediates
      )
      baseline = { ms, size: (await client.inspectImage(baseTag))?.Size ?? 0 }
      console.log(`baseline ${BASELINE_CONTEXT} built in ${s(ms)}; ${mb(baseline.size)}`)
      await client.removeImage(baseTag).catch(() => undefined)
    }

    // 2. What the first run pays once: save + cache upload, per archive format; registry push.
    const formats: ArchiveCompression[] = ['gzip', 'none']
    const saves: Record<
      string,
      { saveMs: number; uploadMs: number; file: number; entry: number; key: string; path: string }
    > = {}
    for (const compression of formats) {
      const fKey = `${key}-${compression}`
      const path = imageCachePath(fKey, join(scratch, 'runner-temp'))
      const saved = await saveImageArchive(client, TAG, path, { compression })
      const u0 = performance.now()
      const cacheId = await quietly(() => cache.saveCache([path], fKey))
      if (cacheId <= 0) throw new Error(`saveCache ${fKey} failed: ${server.violations.join('; ')}`)
      saves[compression] = {
        saveMs: saved.ms,
        uploadMs: performance.now() - u0,
        file: saved.bytes,
        entry: server.entry(fKey)!.sizeBytes,
        key: fKey,
        path
      }
      rmSync(path)
      console.log(
        `archive ${compression}: ${mb(saved.bytes)} saved in ${s(saved.ms)}, cache entry ${mb(saves[compression].entry)}`
      )
    }
    // The product's save after a build: by id, default compression, through the action's store.
    const store = actionsCacheStore(join(scratch, 'runner-temp'))
    const want = { image: TAG, variant: 'default' as const, hash }
    const a0 = performance.now()
    const savedAs = await quietly(() =>
      saveToStore(client, store, want, id, {
        log: console.log,
        warn: (w) => console.log(`warning: ${w}`)
      })
    )
    if (savedAs !== key) throw new Error(`the product's save wrote ${savedAs}, not ${key}`)
    const actionSaveMs = performance.now() - a0

    await client.tagImage(TAG, REPOSITORY, hash)
    const p0 = performance.now()
    await follow(await client.pushImage(ref), `push ${ref}`)
    const pushMs = performance.now() - p0

    // 3. Fresh engine, then each way back to "image ready", RUNS times; the order rotates from
    // run to run, so no way always follows the same one (the engine's writeback of the previous
    // load and removal moves single figures by seconds).
    const restore: Record<string, { total: number[]; download: number[]; load: number[] }> = {}
    const pulls: number[] = []
    const actions: number[] = []
    const actionParts: { restore: number[]; load: number[] } = { restore: [], load: [] }
    await forget([TAG, ref], id)
    const viaCache = (compression: ArchiveCompression) => async (i: number) => {
      const { key: fKey, path } = saves[compression]
      rmSync(path, { force: true })
      const r0 = performance.now()
      const hit = await quietly(() => cache.restoreCache([path], fKey))
      if (hit !== fKey) throw new Error(`cache restore of ${fKey} missed`)
      const r1 = performance.now()
      const loaded = await loadImageArchive(client, path)
      const r2 = performance.now()
      if ((await present(TAG)) !== id)
        throw new Error(`loaded ${loaded.images.join(', ')}, not ${id}`)
      const row = (restore[compression] ??= { total: [], download: [], load: [] })
      row.total.push(r2 - r0)
      row.download.push(r1 - r0)
      row.load.push(r2 - r1)
      console.log(`run ${i + 1} cache/${compression}: restore ${s(r1 - r0)} + load ${s(r2 - r1)}`)
      rmSync(path, { force: true })
      await forget([TAG], id)
    }
    // The action's path: a fresh engine, image-policy auto, the Actions cache as its store.
    const viaAction = async (i: number) => {
      const e0 = performance.now()
      const ready = await quietly(() =>
        ensureImage(TAG, {
          policy: 'auto',
          own: true,
          contextDir,
          client,
          sources: { store, warn: (w) => console.log(`warning: ${w}`) },
          log: (line) => {
            // "… restored from the Actions cache (…) in T s: restore R s + load L s; no build"
            const m = /: restore ([\d.]+) s \+ load ([\d.]+) s; no build$/.exec(line)
            if (m) {
              actionParts.restore.push(Number(m[1]) * 1000)
              actionParts.load.push(Number(m[2]) * 1000)
            }
          }
        })
      )
      const actionMs = performance.now() - e0
      if (ready.restored !== 'cache' || ready.id !== id)
        throw new Error(
          `ensureImage did not restore ${id} from the cache: ${JSON.stringify(ready)}`
        )
      actions.push(actionMs)
      console.log(`run ${i + 1} action (ensureImage + Actions cache): ${s(actionMs)}`)
      await forget([TAG], id)
    }
    const viaRegistry = async (i: number) => {
      const q0 = performance.now()
      await follow(await client.pullImage(ref), `pull ${ref}`)
      const pullMs = performance.now() - q0
      if ((await present(ref)) !== id) throw new Error(`pulled ${ref} is not ${id}`)
      pulls.push(pullMs)
      console.log(`run ${i + 1} registry: pull ${s(pullMs)}`)
      await forget([ref], id)
    }
    const ways = [...formats.map(viaCache), viaAction, viaRegistry]
    for (let i = 0; i < RUNS; i++) {
      for (let w = 0; w < ways.length; w++) await ways[(w + i) % ways.length](i)
    }

    const pull = median(pulls)
    const action = median(actions)
    const best = Math.min(...formats.map((f) => median(restore[f].total)))
    const figures: Figure[] = [
      {
        id: 'image-cold-build',
        figure: 'Image ready, fresh engine: cold build',
        value: s(buildMs),
        target: '— (baseline)'
      },
      {
        id: 'image-cache',
        figure: 'Image ready, fresh engine: Actions cache restore + load (best format)',
        value: `${s(best)} (${(best / buildMs).toFixed(2)}× build)`,
        target: `≤ ${TARGET_RATIO}× build`,
        met: best / buildMs <= TARGET_RATIO
      },
      {
        id: 'image-action-cache',
        figure:
          'Image ready, fresh engine: the action (ensureImage, image-cache) restoring from the Actions cache',
        value: `${s(action)} (${(action / buildMs).toFixed(2)}× build)`,
        target: `≤ ${TARGET_RATIO}× build`,
        met: action / buildMs <= TARGET_RATIO
      },
      {
        id: 'image-registry',
        figure: 'Image ready, fresh engine: registry pull',
        value: `${s(pull)} (${(pull / buildMs).toFixed(2)}× build)`,
        target: `≤ ${TARGET_RATIO}× build`,
        met: pull / buildMs <= TARGET_RATIO
      }
    ]
    const details = [
      `Runtime image ${mb(built.Size ?? 0)} (one layer), context hash ${hash.slice(0, 12)}, ${RUNS} runs of each way back (median; min–max).`,
      '',
      '| Way to "image ready" | median | min–max | × cold build | bytes moved |',
      '|---|---|---|---|---|',
      `| cold build (\`--no-cache\`, base image present, Debian mirror + npm registry) | ${s(buildMs)} | — | 1.00 | packages |`,
      ...formats.map((f) => {
        const r = restore[f]
        return `| cache restore + load, archive ${f === 'none' ? 'plain tar (client zstd)' : `${f} (here)`}: restore ${s(median(r.download))} + load ${s(median(r.load))} | ${s(median(r.total))} | ${s(Math.min(...r.total))}–${s(Math.max(...r.total))} | ${(median(r.total) / buildMs).toFixed(2)} | ${mb(saves[f].entry)} |`
      }),
      `| the action's path: \`ensureImage\` (auto, \`image-cache\`) restoring the entry its own save wrote (by id, ${defaultCompression()}): restore ${s(median(actionParts.restore))} + load ${s(median(actionParts.load))} | ${s(action)} | ${s(Math.min(...actions))}–${s(Math.max(...actions))} | ${(action / buildMs).toFixed(2)} | ${mb(server.entry(key)!.sizeBytes)} |`,
      `| registry pull (local docker-registry) | ${s(pull)} | ${s(Math.min(...pulls))}–${s(Math.max(...pulls))} | ${(pull / buildMs).toFixed(2)} | layer as pushed (gzip) |`,
      '',
      'Paid once by the run that builds (not part of "ready"): ' +
        formats
          .map(
            (f) =>
              `archive ${f}: save ${s(saves[f].saveMs)} (${mb(saves[f].file)}) + cache upload ${s(saves[f].uploadMs)}`
          )
          .join('; ') +
        `; the action's save (docker save by id + upload) ${s(actionSaveMs)}; registry push ${s(pushMs)}.`
    ]
    if (baseline) {
      figures.push({
        id: 'image-cache-vs-baseline',
        figure:
          "Image ready, fresh engine: cache restore + load vs the previous image's cold build",
        value: `${(best / baseline.ms).toFixed(2)}× (${s(best)} vs ${s(baseline.ms)})`,
        target: `≤ ${TARGET_RATIO}× build`,
        met: best / baseline.ms <= TARGET_RATIO
      })
      details.splice(
        5,
        0,
        `| cold build of the previous image (${BASELINE_CONTEXT}, ${mb(baseline.size)}) | ${s(baseline.ms)} | — | ${(baseline.ms / buildMs).toFixed(2)} | packages |`
      )
    }
    report('image-ready', figures, details)
  } finally {
    await client.removeImage(TAG).catch(() => undefined)
    await client.removeImage(ref).catch(() => undefined)
    // The pushed manifest too (the registry allows deletes), so a GC can drop the layer.
    await deleteFromRegistry(REPOSITORY.slice(REGISTRY_ADDR.length + 1), hash)
    // The build's own intermediate images (the rootfs stage among them), newest first; never a
    // tagged one (the FROM line reports the base image's id too).
    for (const img of intermediates.reverse()) {
      const tags = await client.inspectImage(img).then(
        (i) => (i ? (i.RepoTags ?? []).filter((t) => t !== '<none>:<none>') : ['gone']),
        () => ['gone']
      )
      if (tags.length === 0) await client.removeImage(img).catch(() => undefined)
    }
    await server.close()
    rmSync(scratch, { recursive: true, force: true })
    if (startedRegistry)
      execFileSync('bash', ['scripts/local-registry.sh', 'stop'], { stdio: 'inherit' })
  }
})
