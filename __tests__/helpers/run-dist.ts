// Runs a bundled entry point (dist/…) as a separate process, the way a user or the Actions
// runner does, and collects what it wrote.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

export function runNode(
  script: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; onSpawn?: (pid: number) => void } = {}
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: opts.cwd ?? process.cwd(),
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    if (child.pid) opts.onSpawn?.(child.pid)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

export const CLI = join(process.cwd(), 'dist', 'cli', 'index.js')
export const ACTION_MAIN = join(process.cwd(), 'dist', 'index.js')
export const ACTION_POST = join(process.cwd(), 'dist', 'post', 'index.js')

/** Files the runner gives a node action, and a reader for the heredoc format it appends. */
export class RunnerFiles {
  readonly dir = mkdtempSync(join(tmpdir(), 'runner-'))
  readonly output = join(this.dir, 'output')
  readonly state = join(this.dir, 'state')
  readonly summary = join(this.dir, 'summary.md')
  readonly env = join(this.dir, 'env')

  constructor() {
    for (const f of [this.output, this.state, this.summary, this.env]) writeFileSync(f, '')
  }

  /** Environment for a step: INPUT_* from `inputs`, the file commands, plus `extra`. */
  stepEnv(inputs: Record<string, string>, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_OUTPUT: this.output,
      GITHUB_STATE: this.state,
      GITHUB_STEP_SUMMARY: this.summary,
      GITHUB_ENV: this.env,
      RUNNER_TEMP: this.dir,
      ...extra
    }
    for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v
    return env
  }

  static parseFileCommands(text: string): Record<string, string> {
    const out: Record<string, string> = {}
    const lines = text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      const m = /^([^<]+)<<(.+)$/.exec(lines[i])
      if (!m) continue
      const end = lines.indexOf(m[2], i + 1)
      out[m[1]] = lines.slice(i + 1, end).join('\n')
      i = end
    }
    return out
  }

  outputs(): Record<string, string> {
    return RunnerFiles.parseFileCommands(readFileSync(this.output, 'utf8'))
  }

  /** STATE_* variables the runner would give the post step. */
  postStateEnv(): NodeJS.ProcessEnv {
    const saved = RunnerFiles.parseFileCommands(readFileSync(this.state, 'utf8'))
    return Object.fromEntries(Object.entries(saved).map(([k, v]) => [`STATE_${k}`, v]))
  }
}

/** Lines the runner would treat as workflow commands (`::name ...::`), outside stop-commands. */
export function workflowCommands(stdout: string): string[] {
  const issued: string[] = []
  let stopToken: string | undefined
  for (const line of stdout.split('\n')) {
    if (stopToken) {
      if (line === `::${stopToken}::`) stopToken = undefined
      continue
    }
    const m = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(line.trimStart())
    if (!m) continue
    if (m[1] === 'stop-commands') stopToken = m[2]
    else issued.push(line)
  }
  return issued
}
